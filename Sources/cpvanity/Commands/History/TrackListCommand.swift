import App
import ArgumentParser
import Foundation
import Report
import Store

struct TrackListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the tracked members.")

    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption

    @Option(name: .long, help: ArgumentHelp("table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: ListFormat?

    func run() throws {
        let (sitePack, _) = try pack.load()
        let store = try database.settings.open()
        let members = try AppError.history { () throws(StoreError) in try store.tracked(site: sitePack.name) }
        let rows = members.map { [$0.member, $0.site, $0.label ?? "", $0.addedAt.formatted(.iso8601)] }
        let items = members.map { member -> JSONValue in
            .object([("id", .string(member.member)), ("site", .string(member.site)),
                     ("label", member.label.map { .string($0) } ?? .null), ("added_at", .string(member.addedAt.formatted(.iso8601)))])
        }
        // Every format the option names is honoured, none silently replaced.
        switch format ?? Terminal.defaultListFormat {
        case .json:
            Output.write(JSONValue.array(items).serialized() + "\n")
        case .ndjson:
            Output.write(items.map { $0.serialized(pretty: false) + "\n" }.joined())
        case .csv:
            Output.write(CSVTable.render(header: ["id", "site", "label", "added_at"], rows: rows))
        case .markdown:
            Output.write(MarkdownTable.render(header: ["id", "site", "label", "added at"], rows: rows))
        case .table:
            if members.isEmpty {
                Output.write("no tracked members; add some with: cpvanity track add <id>...\n")
            }
            let width = members.map(\.member.count).max() ?? 0
            for member in members {
                Output.write(TerminalText.escaped(member.member.padding(toLength: width, withPad: " ", startingAt: 0)
                             + "  added \(member.addedAt.formatted(.iso8601))" + (member.label.map { "  \($0)" } ?? "")) + "\n")
            }
        }
    }
}


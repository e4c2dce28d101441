import ArgumentParser
import Foundation
import Report
import Store

struct TrackListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the tracked members.")

    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption

    @Option(name: .long, help: ArgumentHelp("table or json (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: OutputFormat?

    func run() throws {
        let (sitePack, _) = try pack.loadPack()
        let history = try database.open()
        let members: [Store.HistoryStore.TrackedMember]
        do {
            members = try history.tracked(site: sitePack.name)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
        switch format ?? Terminal.defaultFormat {
        case .json, .ndjson:
            let items = members.map { member -> JSONValue in
                .object([("id", .string(member.member)), ("site", .string(member.site)),
                         ("label", member.label.map { .string($0) } ?? .null), ("added_at", .string(member.addedAt.formatted(.iso8601)))])
            }
            Output.write(JSONValue.array(items).serialized() + "\n")
        default:
            if members.isEmpty {
                Output.write("no tracked members; add some with: cpvanity track add <id>...\n")
            }
            let width = members.map(\.member.count).max() ?? 0
            for member in members {
                Output.write(member.member.padding(toLength: width, withPad: " ", startingAt: 0)
                             + "  added \(member.addedAt.formatted(.iso8601))" + (member.label.map { "  \($0)" } ?? "") + "\n")
            }
        }
    }
}


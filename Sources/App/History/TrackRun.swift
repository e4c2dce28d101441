import Foundation
import Packs
import Report
import Store

/// `cpvanity track`: the members a refresh, a report and a history default to. What
/// was done goes to stderr with the other diagnostics; stdout is for data (the list).
public struct TrackRun {
    public let pack: SitePack
    public let history: HistorySettings

    public init(pack: SitePack, history: HistorySettings) {
        self.pack = pack
        self.history = history
    }

    /// Tracks `ids` (checked against the pack first; no request is made).
    public func add(_ ids: [String], label: String?) throws(AppError) {
        let unique = LookupRun.unique(try IDValidation.ids(ids, pack: pack))
        let store = try history.open()
        let added = try AppError.history { () throws(StoreError) in try store.track(unique, site: pack.name, label: label) }
        let already = unique.filter { !added.contains($0) }
        if !added.isEmpty { Diagnostics.info("tracking \(added.joined(separator: ", "))") }
        if !already.isEmpty { Diagnostics.info("already tracked: \(already.joined(separator: ", "))") }
    }

    /// Stops tracking `ids` (their history stays); false when some were not tracked.
    public func remove(_ ids: [String]) throws(AppError) -> Bool {
        let unique = LookupRun.unique(ids)
        let store = try history.open()
        let removed = try AppError.history { () throws(StoreError) in try store.untrack(unique, site: pack.name) }
        if !removed.isEmpty { Diagnostics.info("no longer tracking \(removed.joined(separator: ", "))") }
        let unknown = unique.filter { !removed.contains($0) }
        for id in unknown { Diagnostics.warning("\(id) was not tracked") }
        return unknown.isEmpty
    }

    /// The tracked members, in `format` (every format it names honoured, none replaced).
    public func list(format: ListFormat) throws(AppError) {
        let store = try history.open()
        let members = try AppError.history { () throws(StoreError) in try store.tracked(site: pack.name) }
        let rows = members.map { [$0.member, $0.site, $0.label ?? "", $0.addedAt.formatted(.iso8601)] }
        let items = members.map { member -> JSONValue in
            .object([("id", .string(member.member)), ("site", .string(member.site)),
                     ("label", member.label.map { .string($0) } ?? .null), ("added_at", .string(member.addedAt.formatted(.iso8601)))])
        }
        switch format {
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

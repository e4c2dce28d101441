import Foundation
import Packs
import Report
import Store

/// `cpvanity track`: the members a refresh, a report and a history default to. What
/// was done goes to stderr with the other diagnostics; stdout is for data (the list).
public struct TrackRun {
    public let pack: SitePack
    public let history: HistorySettings

    /// Said by a refresh (a warning: it has nothing to do) and by `track list` (a note).
    static let noneTracked = "no tracked members; add some with: cpvanity track add <id>..."

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

    /// Stops tracking `ids` (their history stays); exit status 1 when some were not tracked.
    public func remove(_ ids: [String]) throws(AppError) -> RunOutcome {
        let unique = LookupRun.unique(ids)
        let store = try history.open()
        let removed = try AppError.history { () throws(StoreError) in try store.untrack(unique, site: pack.name) }
        if !removed.isEmpty { Diagnostics.info("no longer tracking \(removed.joined(separator: ", "))") }
        let unknown = unique.filter { !removed.contains($0) }
        for id in unknown { Diagnostics.warning("\(id) was not tracked") }
        return RunOutcome(status: unknown.isEmpty ? nil : .partialFailure)
    }

    /// The tracked members as a list in `output`'s format: `id`, `site`, `label`,
    /// `added_at`. None tracked: an empty list, and on stderr how to add some.
    public func list(output: OutputSettings) throws {
        let store = try history.open()
        let members = try AppError.history { () throws(StoreError) in try store.tracked(site: pack.name) }
        if members.isEmpty { Diagnostics.info(TrackRun.noneTracked) }
        let columns: [ListView.Column] = [.init("id", label: "id"), .init("site", label: "site"), .init("label", label: "label"),
                                          .init("added_at", label: "added at")]
        let rows = members.map { member -> [ListCell] in
            [.text(member.member), .text(member.site), member.label.map(ListCell.text) ?? .empty, .moment(member.addedAt)]
        }
        try output.write(ListView(name: "Tracked", columns: columns, rows: rows))
    }
}

import Foundation
import Lookup
import Packs
import Report
import Store

/// `history`: members' values over time, read from the history without writing to it.
public struct HistoryRun {
    public let pack: SitePack
    public let history: HistorySettings
    public let output: OutputSettings
    /// Each row's numbers over time rather than the member's fields.
    public let rows: Bool
    /// The fields to show; empty: the pack's summary (or every numeric row field).
    public let fields: [String]
    public let since: Date?

    public init(pack: SitePack, history: HistorySettings, output: OutputSettings, rows: Bool, fields: [String], since: Date?) {
        self.pack = pack
        self.history = history
        self.output = output
        self.rows = rows
        self.fields = fields
        self.since = since
    }

    /// `history`'s members (given, else the tracked ones) shown, a backfill (`backfilling`)
    /// filling the history from a web archive first; the backfill's outcome, else the
    /// showing's. The history is opened read-only unless a backfill writes to it.
    public func run(_ given: [String], backfilling: BackfillRun? = nil) async throws -> RunOutcome {
        let ids = try history.members(given, pack: pack, command: "history", readOnly: backfilling == nil)
        let backfilled = try await backfilling?.run(ids)
        let shown = try show(ids)
        return backfilled ?? shown
    }

    /// The members' series written, read without writing to the history.
    public func show(_ given: [String]) throws -> RunOutcome {
        let ids = try IDValidation.ids(given, pack: pack)
        let fields = try chosenFields()
        let store = try history.open(readOnly: true)
        var series = [HistorySeries]()
        var unknown = [String]()
        do {
            for id in LookupRun.unique(ids) {
                let found = rows ? try store.rowSeries(site: pack.name, member: id, pack: pack, since: since)
                    : [try store.series(site: pack.name, member: id, pack: pack, since: since)]
                if found.allSatisfy(\.points.isEmpty) { unknown.append(id) }
                series += found.filter { !rows || !$0.points.isEmpty }
            }
        } catch {
            throw AppError.history(error)
        }
        // One line however many: a list of members never looked up is one mistake.
        if let first = unknown.first {
            let named = unknown.count == 1 ? "member \(first)" : unknown.count <= 5 ? "members \(unknown.joined(separator: ", "))"
                : "\(unknown.count) members (\(unknown.prefix(3).joined(separator: ", ")), ...)"
            Diagnostics.warning("no history for \(named); look \(unknown.count == 1 ? "it" : "them") up first (cpvanity member \(first))")
        }
        HistoryRun.sayLookalikes(series, fields: fields, rows: rows)
        let view = HistoryView(series: series, fields: fields, rows: rows, pack: pack, options: output.options)
        try output.writeDocument { try output.format.history(view, to: $0) }
        if let path = output.file { Diagnostics.info("wrote \(path)") }
        return RunOutcome()
    }

    /// A point is stored when something changed; where two in a row show the same values,
    /// what changed is not shown: say so once, and where to see it.
    static func sayLookalikes(_ series: [HistorySeries], fields: [String], rows: Bool) {
        let alike = series.reduce(0) { count, one in
            count + zip(one.points, one.points.dropFirst()).filter { pair in fields.allSatisfy { pair.0.values[$0] == pair.1.values[$0] } }.count
        }
        guard alike > 0 else { return }
        let elsewhere = rows ? "other fields of the row" : "fields not shown (name them as fields, or ask for the rows' history)"
        Diagnostics.info("\(alike) point\(alike == 1 ? "" : "s") show\(alike == 1 ? "s" : "") the same values as the one before: \(alike == 1 ? "it differs" : "they differ") in \(elsewhere)")
    }

    /// The fields asked for, each one the history can show; a usage error names the
    /// unknown ones, with a likely meaning for a typo.
    private func chosenFields() throws(AppError) -> [String] {
        guard !fields.isEmpty else { return HistoryFields.shown(pack, rows: rows) }
        let known = HistoryFields.known(pack, rows: rows)
        let unknown = fields.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw .unknownNames(unknown, kind: "field", available: known) }
        return fields
    }
}

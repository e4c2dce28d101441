import Extraction
import Foundation
import Lookup
import Report
import Store

/// `refresh`: every tracked member looked up again; what changed written at the end
/// (a row per change, nothing when nothing changed), or with `records` each whole
/// record as it finishes; the one-line summary (and the per-field table when asked or
/// on drift) on stderr.
public struct RefreshRun {
    public let lookups: LookupSettings
    public let history: HistorySettings
    public let output: OutputSettings
    /// Whole records rather than what changed.
    public let records: Bool
    public let summary: SummarySettings
    /// Exit 4 when any member's numbers changed.
    public let exitOnChange: Bool

    public init(lookups: LookupSettings, history: HistorySettings, output: OutputSettings, records: Bool, summary: SummarySettings,
                exitOnChange: Bool) {
        self.lookups = lookups
        self.history = history
        self.output = output
        self.records = records
        self.summary = summary
        self.exitOnChange = exitOnChange
    }

    /// The members the history tracks for the pack's site (none: a warning).
    public func tracked() throws(AppError) -> [String] {
        let members = try history.tracked(pack: lookups.pack)
        if members.isEmpty { Diagnostics.warning(TrackRun.noneTracked) }
        return members
    }

    /// Every tracked member looked up again, or with `backfill` the history filled
    /// from a web archive instead; nothing tracked is a warning, exit 0.
    public func run(backfill: BackfillSettings? = nil) async throws -> RunOutcome {
        let tracked = try tracked()
        guard !tracked.isEmpty else { return RunOutcome() }
        if let backfill { return try await BackfillRun(settings: lookups, backfill: backfill, history: history).run(tracked) }
        return try await run(tracked)
    }

    public func run(_ tracked: [String]) async throws -> RunOutcome {
        let store = try history.open()
        let lookup = try lookups.lookup()
        let export: (any RecordExport)? = records ? try DirectExport(output, pack: lookups.pack) : nil
        let progress = ProgressLine(total: tracked.count)
        var changes = [String: [[ListCell]]]()
        var tally = MemberTally(pack: lookups.pack)
        try await LookupRun.each(of: tracked, lookup: lookup, store: store, warn: false) { record in
            // The record takes the progress line's place on a shared terminal.
            progress.clear()
            try export?.add(record)
            tally.add(record)
            changes[record.id] = ChangeList.rows(record, pack: lookups.pack)
            progress.record(failed: record.failed)
        }
        progress.clear()
        try export?.finish()
        let changed = changes.values.filter { !$0.isEmpty }.count
        if !records { try output.write(ChangeList.view(tracked.flatMap { changes[$0] ?? [] })) }
        let left = tally.notLookedUp > 0 ? " · \(tally.notLookedUp) not looked up" : ""
        Diagnostics.info("refresh: \(tracked.count) member\(tracked.count == 1 ? "" : "s") · \(tracked.count - tally.failed - tally.notLookedUp) ok · \(tally.failed) failed\(left) · \(changed) changed")
        let drift = try ExtractionReport.say(tally.extraction, summary: summary)
        let status: ExitStatus? = drift ? .drift : tally.failed + tally.notLookedUp > 0 ? .partialFailure : exitOnChange && changed > 0 ? .changed : nil
        return tally.outcome(status: status)
    }
}

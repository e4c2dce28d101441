import Extraction
import Lookup
import Report
import Store

/// `refresh`: every tracked member looked up again, what changed printed as each
/// finishes, the per-field summary at the end.
public struct RefreshRun {
    public let lookups: LookupSettings
    public let history: HistorySettings
    public let output: OutputSettings
    /// Where the per-field summary's JSON goes, besides stderr.
    public let summaryFile: String?
    /// Exit 4 when any member's numbers changed.
    public let exitOnChange: Bool

    public init(lookups: LookupSettings, history: HistorySettings, output: OutputSettings, summaryFile: String?, exitOnChange: Bool) {
        self.lookups = lookups
        self.history = history
        self.output = output
        self.summaryFile = summaryFile
        self.exitOnChange = exitOnChange
    }

    /// The members the history tracks for the pack's site (none: a warning).
    public func tracked() throws(AppError) -> [String] {
        let store = try history.open()
        let members = try AppError.history { () throws(StoreError) in try store.tracked(site: lookups.pack.name).map(\.member) }
        if members.isEmpty { Diagnostics.warning("no tracked members; add some with: cpvanity track add <id>...") }
        return members
    }

    public func run(_ tracked: [String]) async throws -> RunOutcome {
        let store = try history.open()
        let lookup = try lookups.lookup()
        var output = output
        output.options.changesOnly = true
        let export = try DirectExport(output, pack: lookups.pack)
        let progress = ProgressLine(total: tracked.count)
        var failed = 0
        var changed = 0
        var kinds = Set<MemberError.Kind>()
        var extraction = ExtractionSummary()
        try await LookupRun.each(of: tracked, lookup: lookup, store: store, warn: false) { record in
            // The record takes the progress line's place on a shared terminal.
            progress.clear()
            try export.add(record)
            extraction.add(record.extracted)
            if record.failed {
                failed += 1
                kinds.formUnion(record.errors.map(\.kind))
            }
            if !record.changes.isEmpty { changed += 1 }
            progress.record(failed: record.failed)
        }
        progress.clear()
        try export.finish()
        Diagnostics.info("refresh: \(tracked.count) members · \(tracked.count - failed) ok · \(failed) failed")
        let drift = try ExtractionReport.say(extraction, summaryFile: summaryFile)
        let status: ExitStatus? = drift ? .drift : failed > 0 ? .partialFailure : exitOnChange && changed > 0 ? .changed : nil
        return RunOutcome(status: status, failures: kinds)
    }
}

import Foundation
import Lookup
import Packs
import Report
import Store

/// `member` and `rows`: members looked up and written in the order asked, or, for a
/// format read as it streams (NDJSON to stdout), each as it finishes.
public struct MemberRun {
    public let settings: LookupSettings
    public let output: OutputSettings
    /// Only these sources' pages are fetched; nil: all.
    public let sources: [String]?

    public init(settings: LookupSettings, output: OutputSettings, sources: [String]? = nil) {
        self.settings = settings
        self.output = output
        self.sources = sources
    }

    public func run(_ given: [String]) async throws -> RunOutcome {
        let pack = settings.pack
        let ids = LookupRun.unique(try IDValidation.ids(given, pack: pack))
        let export = try DirectExport(output, pack: pack)
        let lookup = try settings.lookup()
        let store = try settings.openHistory()
        // A stream (NDJSON to stdout) gets each member as it finishes; anything else
        // gets them in the order asked, once all are in.
        let streams = output.format.streams && output.file == nil
        // A table on the terminal shows each member's errors itself: stderr does not repeat them.
        let shown = !streams && output.file == nil && output.format.isForPeople && Output.isTerminal
        var byID = [String: MemberRecord]()
        // Members written once all are in: on a terminal, a progress line says how far (a
        // person asking for 70 members is not left in silence until the table comes).
        let progress = !streams && ids.count > 1 && Console.isTerminal && settings.archive?.asOf == nil ? ProgressLine(total: ids.count) : nil
        progress?.start()
        defer { progress?.clear() }
        try await LookupRun.each(of: ids, sources: sources, lookup: lookup, store: store, warn: streams) { record in
            if streams { try export.add(record) }
            byID[record.id] = record
            progress?.record(failed: record.failed)
        }
        progress?.clear()
        var records = ids.compactMap { byID[$0] }
        if !streams {
            // Said in the order asked, not the order they finished.
            if !shown { for record in records where record.failed { LookupRun.sayFailures(record) } }
            // Trends are the history's, up to now: not for members as they were then.
            if let store, settings.archive?.asOf == nil { records = MemberRun.withTrends(records, store: store, pack: pack) }
            for record in records { try export.add(record) }
        }
        try export.finish()
        if let file = output.file { Diagnostics.info("wrote \(file)") }
        return outcome(records, store: store)
    }

    private func outcome(_ records: [MemberRecord], store: (any MemberHistory)?) -> RunOutcome {
        var outcome = RunOutcome(records)
        outcome.historyUnavailable = settings.wantsHistory && store == nil
        return outcome
    }

    /// The records with the pack's headline over each member's history (a table's
    /// trend); a history that cannot be read leaves the trend out.
    static func withTrends(_ records: [MemberRecord], store: any MemberHistory, pack: SitePack) -> [MemberRecord] {
        guard let field = pack.report.headline else { return records }
        return records.map { record in
            guard record.pagesWereRead, let series = try? store.series(site: record.site, member: record.id, pack: pack) else { return record }
            var record = record
            record.trend = series.points.map { $0.values[field] ?? .null }
            return record
        }
    }
}

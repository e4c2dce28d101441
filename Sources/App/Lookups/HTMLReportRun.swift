import Foundation
import Lookup
import Report
import Store

/// `report`: members looked up (and saved to the history), then one self-contained
/// HTML file with each member's card and history.
public struct HTMLReportRun {
    public let settings: LookupSettings
    /// The HTML file to write; nil: standard output.
    public let output: String?
    /// Only history from this moment on.
    public let since: Date?

    public init(settings: LookupSettings, output: String?, since: Date?) {
        self.settings = settings
        self.output = output
        self.since = since
    }

    public func run(_ given: [String]) async throws -> RunOutcome {
        let pack = settings.pack
        let ids = try IDValidation.ids(given, pack: pack)
        // An output that cannot be written is found now, before a member is fetched, as
        // a batch finds it (the file is replaced only once the report is whole).
        let file = try output.map(AtomicFile.output)
        let lookup = try settings.lookup()
        let store = try settings.openHistory()
        let records = try await LookupRun.records(for: ids, lookup: lookup, store: store)
        // A nightly report must not lose yesterday's to a night the site was down; a
        // member whose pages were read, some value unknown, is reported with its problems.
        guard records.contains(where: \.pagesWereRead) else {
            let kept = output.map { FileManager.default.fileExists(atPath: $0) ? "\($0) is left as it was" : "nothing was written" } ?? "nothing was written"
            Diagnostics.error("report: no member could be looked up; \(kept)")
            return RunOutcome(records)
        }
        var members = [HTMLReport.Member]()
        for record in records {
            var points = [HistorySeries.Point]()
            if let store {
                do {
                    points = try store.series(site: pack.name, member: record.id, pack: pack, since: since).points
                } catch {
                    Diagnostics.warning("member \(record.id): the history could not be read (\(error.description)); the report shows this lookup only")
                }
            }
            members.append(HTMLReport.Member(record: record, history: points))
        }
        let html = HTMLReport.render(members, pack: pack, generatedAt: Date())
        if let file {
            try file.write(html)
            try file.commit()
        } else {
            try Output.writer.write(html)
        }
        Diagnostics.info("report: wrote \(output ?? "the page to standard output") (\(records.count) member\(records.count == 1 ? "" : "s"), \(html.utf8.count / 1024) KiB)")
        var outcome = RunOutcome(records)
        outcome.historyUnavailable = settings.wantsHistory && store == nil
        return outcome
    }
}

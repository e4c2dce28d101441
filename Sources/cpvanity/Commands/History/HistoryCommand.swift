import App
import Archive
import ArgumentParser
import Extraction
import Foundation
import Lookup
import Packs
import Report
import Store

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show how a member's numbers moved over time, from the history of lookups.",
        discussion: """
            Each point is a snapshot: values first seen at "time" and seen unchanged until \
            "last_seen". Fields default to the pack's summary fields; name others with --field.

            --backfill first fills the history from a web archive: the captures of the member's \
            pages are listed, one per period (--every) is read with the pack and stored at its \
            capture time, marked as archived. Captures already stored are not fetched again, so \
            a backfill stopped with Ctrl-C continues where it stopped. See docs/archive.md.
            """
    )

    @OptionGroup var colorOption: ColorOption
    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption

    @Option(name: .long, help: ArgumentHelp("table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("Only snapshots seen on or after this date (2026-11-01 or an ISO 8601 time).", valueName: "date"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("A field to show (repeatable), e.g. --field reputation.total.", valueName: "name"))
    var field: [String] = []

    @Flag(name: .long, help: "Each article's numbers (views, votes, ...) over time instead.")
    var articles = false

    @Flag(name: .long, help: "Fill the history from a web archive first (see --every, --from, --to, --archive).")
    var backfill = false

    @Option(name: .long, help: ArgumentHelp("With --backfill: one capture per month, quarter or year (default year).", valueName: "period"))
    var every: CaptureChoice.Period = .year

    @Option(name: .long, help: ArgumentHelp("With --backfill: captures from this year or month on (2008, 2008-06).", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("With --backfill: captures up to this year or month (2024, 2024-10).", valueName: "date"))
    var to: String?

    @OptionGroup(title: "With --backfill") var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give a member ID, e.g. cpvanity history 48201.") }
        if let since, HistoryQuery.date(since) == nil {
            throw ValidationError("--since takes a date like 2026-11-01 or 2026-11-01T08:00:00Z, not '\(since)'.")
        }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, HistoryCommand.timestampPrefix(value) == nil {
                throw ValidationError("\(name) takes a year or a month, like 2008 or 2008-06, not '\(value)'.")
            }
        }
        if !backfill && (from != nil || to != nil) { throw ValidationError("--from and --to choose captures for --backfill; add --backfill.") }
        if archive.asOf != nil { throw ValidationError("history shows every point; --as-of is for member, articles and batch.") }
    }

    /// `2008-06` as the archive's `200806`.
    static func timestampPrefix(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        if parts.count == 2, let month = Int(parts[1]), !(1...12).contains(month) { return nil }
        return parts.joined()
    }

    func run() async throws {
        let (sitePack, _) = try pack.loadPack()
        try IDValidation.check(ids, pack: sitePack)
        if backfill { try await fillFromArchive(sitePack) }
        let query = HistoryQuery(pack: sitePack, articles: articles)
        let fields = try chosenFields(query)
        let history = try database.open()
        var series = [HistorySeries]()
        do {
            for id in LookupRun.unique(ids) {
                let snapshots = try history.history(site: sitePack.name, member: id, since: since.flatMap(HistoryQuery.date))
                if snapshots.isEmpty { Diagnostics.warning("no history for member \(id); look it up first (cpvanity member \(id))") }
                series += query.series(id, snapshots)
            }
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
        let chosen = format ?? Terminal.defaultFormat
        let options = ReportOptions(width: Terminal.columns(), color: colorOption.enabled)
        Output.write(HistoryReport.render(series, fields: fields, format: chosen, articles: articles, options: options))
    }

    private func chosenFields(_ query: HistoryQuery) throws -> [String] {
        guard !field.isEmpty else { return query.defaultFields }
        let known = query.knownFields
        let unknown = field.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw ValidationError("Unknown field\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); choose from \(known.joined(separator: ", ")).")
        }
        return field
    }

    /// `--backfill`: each member's periods read from the archive and stored; Ctrl-C
    /// stops between periods, keeping what was stored.
    private func fillFromArchive(_ sitePack: SitePack) async throws {
        let (lookup, reader) = try fetch.makeArchiveLookup(pack: sitePack, archive: archive)
        let history = try database.open()
        let interrupt = InterruptSignal()
        interrupt.install {
            lookup.fetcher.stopStartingRequests()
            FileHandle.standardError.write(Data("\ncpvanity: stopping: the capture being read finishes; run the same command again to continue (Ctrl-C again to quit now)\n".utf8))
        }
        let backfill = Backfill(lookup: lookup, reader: reader, store: history, every: every,
                                from: from.flatMap(HistoryCommand.timestampPrefix) ?? "", to: to.flatMap(HistoryCommand.timestampPrefix) ?? "")
        var failed = false
        for id in LookupRun.unique(ids) {
            let outcome: Backfill.Outcome
            do {
                outcome = try await backfill.run(id, shouldStop: { interrupt.isSet }, warn: Diagnostics.warning)
            } catch {
                Diagnostics.error(error.description)
                throw ExitStatus.badInput
            }
            failed = failed || outcome.failed > 0
            if !Verbosity.quiet {
                FileHandle.standardError.write(Data("cpvanity: backfill \(id): \(outcome.periods) \(every.rawValue)s with captures · \(outcome.stored) stored · \(outcome.known) already stored · \(outcome.failed) failed\n".utf8))
            }
            if interrupt.isSet {
                FileHandle.standardError.write(Data("cpvanity: backfill interrupted; what was stored stays, run again to continue\n".utf8))
                throw ExitCode(interrupt.exitStatus)
            }
        }
        if failed { Diagnostics.warning("some periods could not be read (above); the history holds the others") }
    }
}

extension CaptureChoice.Period: ExpressibleByArgument {}

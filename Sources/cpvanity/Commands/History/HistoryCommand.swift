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

    @Option(name: .long, help: ArgumentHelp("A field or statistic to show (repeatable), by its key: --field name, --field stats.<name>.", valueName: "name"))
    var field: [String] = []

    @Flag(name: [.customLong("rows"), .customLong("articles")], help: "Each row's numbers (a CodeProject article's views, votes, ...) over time instead.")
    var rows = false

    @OptionGroup(title: "Backfill") var backfill: BackfillOptions
    @OptionGroup(title: "With --backfill") var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give a member ID, e.g. cpvanity history 48201.") }
        if let since, HistoryQuery.date(since) == nil {
            throw ValidationError("--since takes a date like 2026-11-01 or 2026-11-01T08:00:00Z, not '\(since)'.")
        }
        if archive.asOf != nil { throw ValidationError("history shows every point; --as-of is for member, rows and batch.") }
    }

    func run() async throws {
        let (sitePack, _) = try pack.loadPack()
        try IDValidation.check(ids, pack: sitePack)
        let backfillFailed = backfill.backfill
            ? try await backfill.run(LookupRun.unique(ids), pack: sitePack, fetch: fetch, archive: archive, database: database) : false
        let query = HistoryQuery(pack: sitePack, rows: rows)
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
        var options = ReportOptions(width: Terminal.columns(), color: colorOption.enabled)
        options.plainSparklines = Terminal.plainText
        Output.write(HistoryReport.render(series, fields: fields, format: chosen, rows: rows, pack: sitePack, options: options))
        if backfillFailed { throw ExitStatus.partialFailure }
    }

    private func chosenFields(_ query: HistoryQuery) throws -> [String] {
        guard !field.isEmpty else { return query.defaultFields }
        let known = query.knownFields
        let unknown = field.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            let guesses = unknown.compactMap { name in JSONSelection.closest(to: name, in: known).map { "\(name) → \($0)" } }
            let hint = guesses.isEmpty ? "" : " (did you mean \(guesses.joined(separator: ", "))?)"
            throw ValidationError("Unknown field\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", "))\(hint); choose from \(known.joined(separator: ", ")).")
        }
        return field
    }
}

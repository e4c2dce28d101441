import App
import ArgumentParser

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show how a member's numbers moved over time, from the history of lookups.",
        discussion: """
            Each point is a snapshot: values first seen at "time" and seen unchanged until \
            "last_seen". Fields default to the pack's summary fields; name others with --field. \
            The history is only read (it may be on read-only media); --output history.xlsx \
            writes a workbook.

            --backfill first fills the history from a web archive: the captures of the member's \
            pages are listed, one per period (--every) is read with the pack and stored at its \
            capture time, marked as archived. Captures already stored are not fetched again, so \
            a backfill stopped with Ctrl-C continues where it stopped. See docs/archive.md.

            Examples:
              cpvanity history 48201
              cpvanity history                          (every tracked member)
              cpvanity history 48201 --since 2014-01 --field reputation.total \\
                --format csv
              cpvanity history 48201 --backfill --every year
            """
    )

    @OptionGroup(title: "Output") var output: ReportFormatOptions
    @OptionGroup(title: "Site and fetching") var lookup: LookupOptions
    @OptionGroup(title: "History") var database: DatabaseOption

    @Option(name: .long, help: ArgumentHelp("Only snapshots seen on or after this date (\(TypedDate.forms)).", valueName: "date"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("A field or statistic to show (repeatable), by its key: --field name, --field stats.<name>.", valueName: "name"))
    var field: [String] = []

    @OptionGroup(title: "Backfill") var backfill: BackfillOptions

    @Argument(help: ArgumentHelp("Member IDs (none: the tracked members).", valueName: "id"))
    var ids: [String] = []

    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    func validate() throws {
        try TypedDate.check(since, option: "--since")
        if archive.asOf != nil { throw ValidationError("history shows every point; --as-of is for member, rows and batch.") }
    }

    func run() async throws {
        let history = try database.settings()
        let settings = try lookup.settings(history: history, archive: archive)
        let run = HistoryRun(pack: settings.pack, history: history, output: try output.request().settings(pack: settings.pack), rows: output.rows,
                             fields: field, since: since.flatMap(TypedDate.period)?.start)
        let backfilling = backfill.backfill ? BackfillRun(settings: settings, backfill: backfill.settings, history: history) : nil
        try ErrorAdvice.finish(try await run.run(ids, backfilling: backfilling))
    }
}

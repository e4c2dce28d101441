import App
import ArgumentParser

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Look up every tracked member again and show what changed since last time.",
        discussion: """
            Prints what changed, as git diff does: nothing when nothing changed, else a row per \
            change (the member, what changed by its label, the new value, the signed difference, \
            since when); JSON change objects, one a line, when stdout is not a terminal (--format \
            json for an array). --records prints each member's whole record instead. \
            Runs like 'batch' (politeness, progress, errors, the one-line summary at the end). \
            Exit status 1 when any member failed; 3 when a field the pack expects went missing on \
            half or more of at least five pages (the site's markup has probably changed); with \
            --exit-code, 4 when any member's numbers changed (and 0 when none did). With \
            --backfill, every tracked member's history is filled from a web archive instead (no live \
            lookup; see 'history --backfill').

            Examples:
              cpvanity track add 48201 7315 && cpvanity refresh
              cpvanity refresh --quiet --exit-code   (in cron: silent unless changed)
              cpvanity refresh --records --format csv -o today.csv
            """
    )

    @OptionGroup(title: "Output") var output: ReportFormatOptions
    @OptionGroup(title: "Site and fetching") var lookup: LookupOptions
    @OptionGroup(title: "History") var database: DatabaseOption
    @OptionGroup var summary: SummaryOptions
    @OptionGroup(title: "Backfill") var backfill: BackfillOptions

    @Flag(name: .long, help: "Print each member's whole record rather than what changed.")
    var records = false

    @Flag(name: .long, help: "Exit 4 when any tracked member's numbers changed, 0 when none did (like git diff --exit-code), for cron.")
    var exitCode = false

    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    func validate() throws {
        if archive.asOf != nil { throw ValidationError("refresh looks members up now; --as-of is for member, rows and batch.") }
    }

    func run() async throws {
        let history = try database.settings()
        let settings = try lookup.settings(history: history, archive: archive)
        // Piped, what changed is a JSON object a line: nothing at all when nothing changed.
        let written = try output.request(pipedDefault: records ? "json" : "ndjson").settings(pack: settings.pack)
        let refresh = RefreshRun(lookups: settings, history: history, output: written, records: records, summary: summary.settings,
                                 exitOnChange: exitCode)
        try ErrorAdvice.finish(try await refresh.run(backfill: backfill.backfill ? backfill.settings : nil))
    }
}

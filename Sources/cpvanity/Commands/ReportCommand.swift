import App
import ArgumentParser
import Foundation

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML report: member cards, the pack's headline over time, rows and charts.",
        discussion: """
            Looks the members up (as 'member' does, saving to the history), then writes one HTML \
            file that opens from disk in any browser: inline CSS and SVG, a few lines of script to \
            sort the rows' table, no request to any server; it prints cleanly and follows the \
            reader's light or dark preference. Its sections, tables and charts, and what they are \
            called, come from the pack's [report] (for CodeProject: reputation by category and over \
            time, the articles). The data it draws is embedded once as JSON \
            (<script type="application/json" id="cpvanity-data">). Values over time come from \
            the history: backfill it from a web archive first for a decade of points. With no ID, \
            the tracked members (cpvanity track add). Without --output the HTML goes to standard \
            output when that is a file or a pipe (cpvanity report > team.html).

            Examples:
              cpvanity report 48201 7315 --output team.html
              cpvanity history 48201 --backfill && cpvanity report 48201 -o decade.html
              cpvanity report > tracked.html            (every tracked member)
            """
    )

    @OptionGroup(title: "Site and fetching") var lookup: LookupOptions
    @OptionGroup(title: "History") var store: StoreOptions

    @Option(name: [.short, .long], help: ArgumentHelp("The HTML file to write (replaced atomically; none or -: standard output, when it is not a terminal).", valueName: "file"), completion: .file(extensions: ["html"]))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Only history from this date on (\(TypedDate.forms)).", valueName: "date"))
    var since: String?

    @Argument(help: ArgumentHelp("Member IDs (none: the tracked members).", valueName: "id"))
    var ids: [String] = []

    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    func validate() throws {
        try TypedDate.check(since, option: "--since")
        guard let output = file else {
            // A page of HTML is no use on a terminal.
            if Terminal.isTerminal(STDOUT_FILENO) {
                throw ValidationError("report writes an HTML page: name the file with --output team.html, or send standard output to one (cpvanity report > team.html).")
            }
            return
        }
        if !(output.lowercased().hasSuffix(".html") || output.lowercased().hasSuffix(".htm")) {
            throw ValidationError("--output names the HTML file to write, ending in .html (not '\(output)').")
        }
        // Found out now rather than after every member has been fetched.
        // Said in the flag's words, as a usage error (a check in validate() is not seen by run()'s handler).
        do throws(OutputChoiceError) {
            try OutputChoiceError.checkFile(output, example: "report.html")
        } catch {
            throw ValidationError(OutputChoiceAdvice.words(error))
        }
    }

    /// The file to write; nil for standard output.
    private var file: String? { OutputRequest.file(output) }

    func run() async throws {
        let history = try store.database.settings()
        let settings = try lookup.settings(history: store.forLookups(history), archive: archive)
        // The tracked list is read even with --no-store, which keeps this run out of the history.
        let ids = try history.members(ids, pack: settings.pack, command: "report" + (file.map { " --output \($0)" } ?? ""), readOnly: store.noStore)
        let run = HTMLReportRun(settings: settings, output: file, since: since.flatMap(TypedDate.period)?.start)
        try ErrorAdvice.finish(try await run.run(ids))
    }
}

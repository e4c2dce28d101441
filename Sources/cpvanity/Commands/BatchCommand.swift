import App
import ArgumentParser
import Foundation

struct BatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Look up a list of members and export them (CSV or a workbook for spreadsheets, JSON for dashboards).",
        discussion: """
            IDs come from FILE or --ids FILE (one per line, # comments and blank lines allowed; or a CSV \
            column with --id-column) or from standard input. Duplicates are dropped; IDs that are \
            not member IDs are reported and skipped. Members are written as they finish, so memory \
            stays flat however long the list. If the site gives no answer at all to ten members in a row \
            (down, or the network is), the rest are not requested: each is written as failed, saying so.

            With --output, the file is replaced only when the batch is complete (written beside it \
            and renamed), lists the members in the order of the IDs, and a checkpoint beside it \
            keeps each finished member's record. Ctrl-C stops \
            cleanly: requests under way finish and their members are saved, members still waiting \
            for their turn are left; run the same command with --resume to continue where it \
            stopped, looking up no saved member twice (add --retry-failed to look up the \
            failed ones again). The output is written from the checkpoint's records, so the \
            resumed run may ask for another format (--output members.xlsx).

            It ends with a line on stderr (members, ok, failed, time). A field the pack expects \
            that is missing on half or more of at least five pages means the site's markup has \
            probably changed: that is said plainly, with the per-field table (matched, defaulted, \
            missing; --stats prints it anyway, --summary FILE writes it as JSON), and the exit \
            status is 3.

            Exit status: 0 all members looked up; 1 some failed (their rows carry the error) or \
            IDs were skipped; 2 bad input; 3 markup drift; 130 interrupted by Ctrl-C, 143 by SIGTERM \
            (the checkpoint is kept).

            Examples:
              cpvanity batch members.txt --output members.csv
              cpvanity batch --ids members.txt --output members.xlsx --resume
              cpvanity batch --ids members.txt --format ndjson |
                jq -c '[.id, .stats.total_views]'
            """
    )

    @OptionGroup(title: "Output") var output: ReportFormatOptions
    @OptionGroup(title: "Site and fetching") var lookup: LookupOptions
    @OptionGroup(title: "History") var store: StoreOptions
    @OptionGroup var summary: SummaryOptions

    @Argument(help: ArgumentHelp("File of member IDs, the same as --ids FILE (- or none: standard input).", valueName: "file"), completion: .file())
    var file: String?

    @Option(name: .long, help: ArgumentHelp("File of member IDs (- or no option: standard input).", valueName: "file"), completion: .file())
    var ids: String?

    @Option(name: .long, help: ArgumentHelp("Read the IDs from this column of a CSV file with a header row.", valueName: "name"))
    var idColumn: String?

    @Option(name: .long, help: ArgumentHelp(
        "Look up only the K-th of N stable parts of the list (by a hash of each ID), e.g. 2/4; CSV header in part 1 only, so the parts' NDJSON or CSV concatenate into the whole. --rate is per process: see docs/scaling.md.",
        valueName: "k/n"), transform: { text in
            do throws(GivenValueError) { return try Shard.parsed(text) } catch { throw ValidationError(error.rule + ".") }
        })
    var shard: Shard?

    @Flag(name: .long, help: "Continue an interrupted batch from the checkpoint beside --output.")
    var resume = false

    @Flag(name: .long, help: "With --resume: look up again the members whose lookup failed (a network outage, say) instead of keeping their error rows.")
    var retryFailed = false

    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    func validate() throws {
        if let file {
            guard ids == nil else { throw ValidationError("Give the file of IDs once: 'batch \(file)' or 'batch --ids \(ids ?? file)', not both.") }
            // `batch 48201 7315` reads as IDs typed where the file goes: say where they go.
            if file != "-", !FileManager.default.fileExists(atPath: file), file.allSatisfy(\.isNumber) {
                throw ValidationError("batch reads its IDs from a file or standard input, and there is no file '\(file)'; for IDs on the command line, run 'cpvanity member \(file) ...' (or: echo \(file) | cpvanity batch).")
            }
        }
        if resume && output.file == nil {
            throw ValidationError("--resume continues an export to a file: give --output FILE, the same as the interrupted run.")
        }
        if retryFailed && !resume {
            throw ValidationError("--retry-failed looks up again the failed members of an interrupted batch: use it with --resume (a new batch looks every member up anyway).")
        }
    }

    func run() async throws {
        let settings = try lookup.settings(history: try store.settings(), archive: archive)
        var export = try output.request().settings(pack: settings.pack)
        export.resume = resume
        export.retryFailed = retryFailed
        var batch = BatchSettings(ids: (ids ?? file).flatMap { $0 == "-" ? nil : IDSource.file($0) } ?? .standardInput, output: export)
        batch.idColumn = idColumn
        batch.shard = shard
        batch.summary = summary.settings
        try ErrorAdvice.finish(try await BatchRun(lookups: settings, settings: batch).run())
    }
}

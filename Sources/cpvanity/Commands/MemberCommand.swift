import App
import ArgumentParser

struct MemberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "member",
        abstract: "Look members up by ID and report their statistics.",
        discussion: """
            Every page of a member (profile, articles) is fetched at once, and many members \
            concurrently, within the politeness limits (--concurrency, --rate, robots.txt). \
            A member that fails keeps its record, with "errors" saying why; the others go on. \
            --format json prints an array of records, however many IDs (NDJSON: one record a \
            line, as each finishes); --output members.xlsx writes an Excel workbook. Exit \
            status 1 when any member failed.
            """
    )

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: ReportFormatOptions

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give at least one member ID, e.g. cpvanity member 48201.") }
    }

    func run() async throws {
        let settings = try lookup.settings(history: store.settings)
        let outcome = try await MemberRun(settings: settings, output: try output.settings(pack: settings.pack)).run(ids)
        try ErrorAdvice.finish(outcome)
    }
}

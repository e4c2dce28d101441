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

            Examples:
              cpvanity member 48201
              cpvanity member 48201 7315 --json id,name,reputation.total
              cpvanity member \\
                https://www.codeproject.com/script/Membership/View.aspx?mid=48201
              cpvanity member 48201 --as-of 2014-01   (as a web archive showed it then)
            """
    )

    @OptionGroup(title: "Output") var output: ReportFormatOptions
    @OptionGroup(title: "Site and fetching") var lookup: LookupOptions
    @OptionGroup(title: "History") var store: StoreOptions

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give at least one member ID, e.g. cpvanity member 48201.") }
    }

    func run() async throws {
        let settings = try lookup.settings(history: try store.settings(), archive: archive)
        let outcome = try await MemberRun(settings: settings, output: try output.request().settings(pack: settings.pack)).run(ids)
        try ErrorAdvice.finish(outcome)
    }
}

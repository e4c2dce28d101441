import App
import ArgumentParser

/// `cpvanity rows ID` (`articles` for CodeProject's): the pack's list of rows alone.
struct RowsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows",
        abstract: "Print a member's list of rows: a CodeProject member's articles (only the pages it needs are fetched).",
        discussion: """
            The list is the pack's report collection ([report] collection): articles for \
            CodeProject, tags for Stack Overflow. 'cpvanity articles ID' is the same command. \
            Same options as 'member'; --sort takes any field of the list. Exit status 1 when \
            the lookup failed.
            """,
        aliases: ["articles"]
    )

    @OptionGroup(title: "Output") var output: ReportFormatOptions
    @OptionGroup(title: "Site and fetching") var lookup: LookupOptions
    @OptionGroup(title: "History") var store: StoreOptions

    @Argument(help: ArgumentHelp("Member ID.", valueName: "id"))
    var id: String

    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    func run() async throws {
        let settings = try lookup.settings(history: try store.settings(), archive: archive)
        let pack = settings.pack
        guard pack.reportCollection != nil else {
            throw AppError.noCollection(pack: pack.name)
        }
        // The pages of every list the pack reads (statistics may read another than the one
        // shown), and the page with the member's name when none of those has it.
        var sources = Set(pack.collections.map(\.source))
        if let name = pack.report.nameField.flatMap(pack.field(named:)), sources.isDisjoint(with: name.sources), let first = name.sources.first {
            sources.insert(first)
        }
        let run = MemberRun(settings: settings, output: try output.request(rowsOnly: true).settings(pack: pack), sources: sources.sorted())
        try ErrorAdvice.finish(try await run.run([id]))
    }
}

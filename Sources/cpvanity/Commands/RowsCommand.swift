import App
import ArgumentParser
import Report
import Scraper

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

    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions
    @OptionGroup var output: ReportFormatOptions
    @OptionGroup var store: StoreOptions

    @Flag(name: .long, help: "JSON: print the record on one line.")
    var compact = false

    @Argument(help: ArgumentHelp("Member ID.", valueName: "id"))
    var id: String

    func run() async throws {
        let (sitePack, _) = try pack.loadPack()
        try IDValidation.check([id], pack: sitePack)
        guard sitePack.reportCollection != nil else {
            Diagnostics.error("the \(sitePack.name) pack declares no collection, so a member has no list of rows")
            throw ExitStatus.badInput
        }
        let format = output.resolvedFormat
        let options = try output.reportOptions(pack: sitePack, format: format, rowsOnly: true)
        let lookup = try fetch.makeLookup(pack: sitePack, archive: archive)
        // The pages of every list the pack reads (statistics may read another than the one
        // shown), and the page with the member's name when none of those has it.
        var sources = Set(sitePack.collections.map(\.source))
        if let name = sitePack.report.nameField.flatMap(sitePack.field(named:)), sources.isDisjoint(with: name.sources),
           let first = name.sources.first {
            sources.insert(first)
        }
        let records = try await LookupRun.records(for: [id], sources: sources.sorted(), lookup: lookup, store: try store.open())
        switch format {
        case .json:
            // An array, as `member` and `batch` print: one shape for scripts.
            Output.write(JSONValue.array(records.map { RecordJSON.value($0, pack: sitePack, fields: options.jsonFields) })
                .serialized(pretty: !compact) + "\n")
        default:
            Output.write(Formatters.make(format, pack: sitePack, options: options).render(records))
        }
        if records.contains(where: \.failed) { throw ExitStatus.partialFailure }
    }
}

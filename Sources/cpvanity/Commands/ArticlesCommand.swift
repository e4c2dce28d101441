import App
import ArgumentParser
import Report
import Scraper

struct ArticlesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "articles",
        abstract: "Print a member's articles list (only the pages it needs are fetched).",
        discussion: "Same options as 'member'. Exit status 1 when the lookup failed."
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
        guard !sitePack.collections.isEmpty else {
            Diagnostics.error("the \(sitePack.name) pack declares no collections, so it has no articles list")
            throw ExitStatus.badInput
        }
        let sources = Array(Set(sitePack.collections.map(\.source))).sorted()
        let format = output.resolvedFormat
        let options = try output.reportOptions(pack: sitePack, format: format, articlesOnly: true)
        let lookup = try fetch.makeLookup(pack: sitePack, archive: archive)
        let records = try await LookupRun.records(for: [id], sources: sources, lookup: lookup, store: try store.open())
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

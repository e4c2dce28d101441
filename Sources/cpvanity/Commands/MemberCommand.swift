import App
import ArgumentParser
import Report
import Scraper

struct MemberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "member",
        abstract: "Look members up by ID and report their statistics.",
        discussion: """
            Every page of a member (profile, articles) is fetched at once, and many members \
            concurrently, within the politeness limits (--concurrency, --rate, robots.txt). \
            A member that fails keeps its record, with "errors" saying why; the others go on. \
            --format json prints an array of records, however many IDs (NDJSON: one record a \
            line, as each finishes). Exit status 1 when any member failed.
            """
    )

    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions
    @OptionGroup var output: ReportFormatOptions
    @OptionGroup var store: StoreOptions

    @Flag(name: .long, help: "JSON: print the array on one line.")
    var compact = false

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give at least one member ID, e.g. cpvanity member 48201.") }
    }

    func run() async throws {
        let (sitePack, _) = try pack.loadPack()
        try IDValidation.check(ids, pack: sitePack)
        let format = output.resolvedFormat
        let options = try output.reportOptions(pack: sitePack, format: format)
        let lookup = try fetch.makeLookup(pack: sitePack, archive: archive)
        let history = try store.open()
        if format == .ndjson {
            // Streamed: each member's line as soon as it is done.
            let formatter = Formatters.make(.ndjson, pack: sitePack, options: options)
            var failed = false
            try await LookupRun.each(of: ids, lookup: lookup, store: history) { record in
                failed = failed || record.failed
                Output.write(formatter.chunk(record))
            }
            if failed { throw ExitStatus.partialFailure }
            return
        }
        var records = try await LookupRun.records(for: ids, lookup: lookup, store: history)
        if format == .table, let history { records = LookupRun.withTrends(records, store: history, pack: sitePack) }
        if format == .json {
            // One shape, however many IDs: an array a script can index the same way.
            Output.write(JSONValue.array(records.map { RecordJSON.value($0, pack: sitePack, fields: options.jsonFields) })
                .serialized(pretty: !compact) + "\n")
        } else {
            Output.write(Formatters.make(format, pack: sitePack, options: options).render(records))
        }
        if records.contains(where: \.failed) { throw ExitStatus.partialFailure }
    }
}

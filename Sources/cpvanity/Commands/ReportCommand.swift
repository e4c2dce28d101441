import App
import ArgumentParser
import Foundation
import Report

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
            the history: backfill it from a web archive first for a decade of points.
            """
    )

    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions
    @OptionGroup var store: StoreOptions

    @Option(name: [.short, .long], help: ArgumentHelp("The HTML file to write (replaced atomically).", valueName: "file"), completion: .file(extensions: ["html"]))
    var output: String

    @Option(name: .long, help: ArgumentHelp("Only history from this date on (2020-01-01 or an ISO 8601 time).", valueName: "date"))
    var since: String?

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give at least one member ID, e.g. cpvanity report 48201 --output report.html.") }
        if !(output.lowercased().hasSuffix(".html") || output.lowercased().hasSuffix(".htm")) {
            throw ValidationError("--output names the HTML file to write, ending in .html (not '\(output)').")
        }
        // Found out now rather than after every member has been fetched.
        try OutputFileCheck.validate(output, example: "report.html")
        if let since, HistoryQuery.date(since) == nil {
            throw ValidationError("--since takes a date like 2020-01-01 or 2020-01-01T08:00:00Z, not '\(since)'.")
        }
    }

    func run() async throws {
        let (sitePack, _) = try pack.loadPack()
        try IDValidation.check(ids, pack: sitePack)
        let lookup = try fetch.makeLookup(pack: sitePack, archive: archive)
        let history = try store.open()
        let records = try await LookupRun.records(for: ids, lookup: lookup, store: history)
        let query = HistoryQuery(pack: sitePack, rows: false)
        var members = [HTMLReport.Member]()
        for record in records {
            var points = [HistorySeries.Point]()
            if let history {
                do {
                    let snapshots = try history.history(site: sitePack.name, member: record.id, since: since.flatMap(HistoryQuery.date))
                    points = query.series(record.id, snapshots).first?.points ?? []
                } catch {
                    Diagnostics.warning("member \(record.id): the history could not be read (\(error.description)); the report shows this lookup only")
                }
            }
            members.append(HTMLReport.Member(record: record, history: points))
        }
        let html = HTMLReport.render(members, pack: sitePack, generatedAt: Date())
        do {
            try OutputDirectory.prepare(URL(fileURLWithPath: output).deletingLastPathComponent().path, label: "--output \(output)")
            try Data(html.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch let status as ExitStatus {
            throw status
        } catch {
            Diagnostics.error("cannot write \(output): \(error.localizedDescription)")
            throw ExitStatus.badInput
        }
        if !Verbosity.quiet {
            FileHandle.standardError.write(Data("cpvanity: report: wrote \(output) (\(records.count) member\(records.count == 1 ? "" : "s"), \(html.utf8.count / 1024) KiB)\n".utf8))
        }
        if records.contains(where: \.failed) { throw ExitStatus.partialFailure }
    }
}

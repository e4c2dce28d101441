import App
import ArgumentParser
import Extraction
import Foundation
import Report
import Scraper

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Look up every tracked member again and show what changed since last time.",
        discussion: """
            Runs like 'batch' (politeness, progress, errors, the per-field summary at the end). \
            Exit status 1 when any member failed; 3 when a field the pack expects went missing on \
            half or more of at least five pages (the site's markup has probably changed); with \
            --exit-code, 4 when any member's numbers changed (and 0 when none did). With \
            --backfill, every tracked member's history is filled from a web archive instead (no live \
            lookup; see 'history --backfill').
            """
    )

    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var output: ReportFormatOptions
    @OptionGroup var database: DatabaseOption
    @OptionGroup var summaryOptions: SummaryOptions
    @OptionGroup(title: "Backfill") var backfill: BackfillOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    @Flag(name: .long, help: "Exit 4 when any tracked member's numbers changed, 0 when none did (like git diff --exit-code), for cron.")
    var exitCode = false

    func validate() throws {
        if archive.asOf != nil { throw ValidationError("refresh looks members up now; --as-of is for member, rows and batch.") }
    }

    func run() async throws {
        let (sitePack, _) = try pack.loadPack()
        let history = try database.open()
        let tracked: [String]
        do {
            tracked = try history.tracked(site: sitePack.name).map(\.member)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
        guard !tracked.isEmpty else {
            Diagnostics.warning("no tracked members; add some with: cpvanity track add <id>...")
            return
        }
        if backfill.backfill {
            if try await backfill.run(tracked, pack: sitePack, fetch: fetch, archive: archive, database: database) {
                throw ExitStatus.partialFailure
            }
            return
        }
        let format = output.resolvedFormat
        let options = try output.reportOptions(pack: sitePack, format: format)
        let lookup = try fetch.makeLookup(pack: sitePack)
        let formatter: any RecordFormatter = format == .table
            ? ChangeSummary(pack: sitePack, options: options)
            : Formatters.make(format, pack: sitePack, options: options)
        let progress = ProgressLine(total: tracked.count, enabled: Terminal.isTerminal(STDERR_FILENO))
        var first = true
        var failed = 0
        var changed = 0
        var extraction = ExtractionSummary()
        try await LookupRun.each(of: tracked, lookup: lookup, store: history, warn: false) { record in
            progress.clear()
            Output.write((first ? formatter.header : formatter.separator) + formatter.chunk(record))
            first = false
            extraction.add(record.extracted)
            if record.failed { failed += 1 }
            if !record.changes.isEmpty { changed += 1 }
            progress.record(failed: record.failed)
        }
        progress.clear()
        Output.write(first ? formatter.empty : formatter.footer)
        if !Verbosity.quiet {
            FileHandle.standardError.write(Data("cpvanity: refresh: \(tracked.count) members · \(tracked.count - failed) ok · \(failed) failed\n".utf8))
        }
        try summaryOptions.report(extraction)
        if failed > 0 { throw ExitStatus.partialFailure }
        if exitCode && changed > 0 { throw ExitStatus.changed }
    }
}

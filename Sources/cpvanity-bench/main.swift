import Logging
import ArgumentParser
import Extraction
import Foundation
import Packs

// cpvanity-bench: the figures in docs/performance.md. Build in release mode and run
// through scripts/bench. Every comparison runs both sides in this one run.

struct Row {
    let figure: String
    let target: String
    let measured: String
    let pass: Bool?
}

/// The command line (a command only for its name and abstract in --help; it is parsed,
/// not run). Parsing it first means a typo cannot quietly run the whole
/// ten-minute benchmark.
struct BenchOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cpvanity-bench",
        abstract: "The figures in docs/performance.md. Build in release mode and run through scripts/bench; figures go to stdout.")

    enum Part: String, CaseIterable, ExpressibleByArgument {
        case extraction, scraper, rate, report, archive
        /// A fixed workload for `perf record` or callgrind, no figures.
        case extractionProfile = "extraction-profile"
        /// The same for a batch's member: the fixture member's profile and articles pages.
        case memberProfile = "member-profile"
    }

    @Flag(help: "Short loops, batches of 100 and 1,000 members: a smoke run.")
    var quick = false

    @Option(help: "Run one part only; extraction-profile is a fixed workload for perf, with no figures.")
    var only: Part?

    @Flag(help: "Extraction without the NSRegularExpression side (no ratios).")
    var noBaseline = false

    @Option(help: "With --only extraction-profile or member-profile: rounds of 10 extractions (longer runs give perf more samples).")
    var rounds = 20

    func validate() throws {
        guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
    }
}

var rows = [Row]()
let options = BenchOptions.parseOrExit()
let only = options.only?.rawValue
let quick = options.quick
let withBaseline = !options.noBaseline
let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
let logger = Logger(label: "bench", factory: { StreamLogHandler.standardError(label: $0) })
let log = { (message: String) in logger.info("\(message)") }

func locatePack() throws -> (text: String, file: String, root: URL) {
    let locator = try PackLocator(explicit: nil, fromEnvironment: nil, executablePath: Bundle.main.executablePath,
                                  currentDirectory: FileManager.default.currentDirectoryPath)
    let file = try locator.file(forSite: "codeproject")
    return (try String(contentsOfFile: file, encoding: .utf8), file, URL(fileURLWithPath: locator.directory).deletingLastPathComponent())
}

/// One part of the benchmark; a part that fails is a FAIL row, and the rest still run.
@MainActor func part(_ name: String, _ body: () throws -> Void) {
    guard only == nil || only == name else { return }
    do {
        try body()
    } catch {
        log("\(name) failed: \(error)")
        rows.append(Row(figure: "\(name)", target: "runs", measured: "failed: \(error)", pass: false))
    }
}

do {
    let (packText, packFile, repository) = try locatePack()

    part("extraction") {
        let bench = ExtractionBenchmark(packText: packText, packFile: packFile, seconds: quick ? 0.6 : 3)
        let pcre2 = try bench.pack(packText)
        let baseline = try bench.pack(packText, engine: NSRegularExpressionEngine())
        for (label, size) in [("50 KB", 50_000), ("200 KB", 200_000), ("2 MB", 2_000_000)] {
            let (page, generatedRows) = ArticlesPageGenerator.page(bytes: size)
            log("extraction: \(label) page, \(generatedRows) rows")
            // Fast is worth nothing if it is not the same answer: every engine must extract the same record.
            let subject = [Page(source: "articles", utf8: page, origin: "generated")]
            let answer = Extractor(pack: pcre2).extract(subject)
            guard answer.collections["articles"]?.count == generatedRows, answer == Extractor(pack: baseline).extract(subject) else {
                throw BenchError("the \(label) page did not give the same \(generatedRows) rows with PCRE2 and NSRegularExpression")
            }
            let isTarget = size == 200_000
            let compared = withBaseline ? [pcre2, baseline] : [pcre2]
            let results = bench.compare(page, packs: compared)
            let fast = results[0]
            rows.append(Row(figure: "extraction \(label): PCRE2 MB/s (pages/s)", target: isTarget ? ">= 200 MB/s" : "-",
                            measured: String(format: "%.0f MB/s (%.0f pages/s)", fast.megabytesPerSecond, fast.pagesPerSecond),
                            pass: isTarget ? fast.megabytesPerSecond >= 200 : nil))
            // Without the baseline there is nothing to compare with: no rows rather than PCRE2 against itself.
            guard results.count > 1 else { continue }
            let slow = results[1]
            let ratio = fast.megabytesPerSecond / slow.megabytesPerSecond
            rows.append(Row(figure: "extraction \(label): NSRegularExpression MB/s", target: "-",
                            measured: String(format: "%.1f MB/s", slow.megabytesPerSecond), pass: nil))
            rows.append(Row(figure: "extraction \(label): PCRE2 / NSRegularExpression", target: isTarget ? ">= 15x" : "-",
                            measured: String(format: "%.1fx", ratio), pass: isTarget ? ratio >= 15 : nil))
        }
        // Where the time goes, on the 200 KB page.
        let (page, _) = ArticlesPageGenerator.page(bytes: 200_000)
        let split = bench.compare(page, packs: [try bench.pack(bench.cutOnlyPack), try bench.pack(bench.matchOnlyPack), pcre2])
        let perPage = split.map { 1000 / $0.pagesPerSecond }
        let cutMs = perPage[0], matchMs = max(0, perPage[1] - perPage[0]), convertMs = max(0, perPage[2] - perPage[1])
        let total = cutMs + matchMs + convertMs
        rows.append(Row(figure: "200 KB page: time split", target: "-",
                        measured: String(format: "cut rows %.0f%%, match fields %.0f%%, convert %.0f%% (%.2f ms/page)",
                                         100 * cutMs / total, 100 * matchMs / total, 100 * convertMs / total, perPage[2]), pass: nil))
        // A page with an accented word in every row: UTF-8 text costs no more than ASCII.
        let (accented, accentedRows) = ArticlesPageGenerator.page(bytes: 200_000, accented: true)
        let accentedRecord = Extractor(pack: pcre2).extract([Page(source: "articles", utf8: accented, origin: "generated")])
        guard accentedRecord.collections["articles"]?.count == accentedRows, accentedRecord.problems.isEmpty,
              case .text(let firstTitle)? = accentedRecord.collections["articles"]?.first?["title"], firstTitle.hasPrefix("Généré") else {
            throw BenchError("the accented 200 KB page did not give its \(accentedRows) rows cleanly")
        }
        let pair = bench.compare([(page, pcre2), (accented, pcre2)])
        rows.append(Row(figure: "200 KB page, non-ASCII in every row: MB/s", target: "-",
                        measured: String(format: "%.0f MB/s (%.2fx the ASCII page's, interleaved)",
                                         pair[1].megabytesPerSecond, pair[1].megabytesPerSecond / pair[0].megabytesPerSecond), pass: nil))
        // The whole command against what a user would otherwise write: a Python script.
        let script = ScriptBaselineBenchmark(binaries: binaries, repository: repository, packFile: packFile, log: log)
        rows += try script.run(rows: 20_000, runs: quick ? 1 : 3)
    }

    // Not a figure: a fixed amount of work (by default 200 extractions of the 200 KB
    // page) to run under `perf record`, or two builds alternately: where the time goes,
    // whatever the machine's mood.
    if only == "extraction-profile" {
        let bench = ExtractionBenchmark(packText: packText, packFile: packFile, seconds: 0)
        let extractor = Extractor(pack: try bench.pack(packText))
        let page = Page(source: "articles", utf8: ArticlesPageGenerator.page(bytes: 200_000).html, origin: "generated")
        let clock = ContinuousClock()
        var fastest = Duration.seconds(1000)
        let total = clock.measure {
            for _ in 0..<options.rounds {
                fastest = min(fastest, clock.measure { for _ in 0..<10 { _ = extractor.extract([page]) } })
            }
        }
        log("\(10 * options.rounds) extractions of the 200 KB page in \(total); the fastest 10 at \(fastest / 10) each")
        exit(0)
    }

    // The same for what a batch's member costs: its two pages (the fixture member every
    // member of the scraper benchmark is), statistics included.
    if only == "member-profile" {
        let bench = ExtractionBenchmark(packText: packText, packFile: packFile, seconds: 0)
        let extractor = Extractor(pack: try bench.pack(packText))
        let fixtures = repository.appendingPathComponent("Fixtures/codeproject")
        let pages = try ["profile", "articles"].map { source in
            Page(source: source, bytes: Array(try Data(contentsOf: fixtures.appendingPathComponent("\(source)-48201.html"))), origin: source)
        }
        guard extractor.extract(pages, member: "48201").problems.isEmpty else { throw BenchError("the fixture member did not read cleanly") }
        let clock = ContinuousClock()
        var fastest = Duration.seconds(1000)
        let total = clock.measure {
            for _ in 0..<options.rounds {
                fastest = min(fastest, clock.measure { for _ in 0..<10 { _ = extractor.extract(pages, member: "48201") } })
            }
        }
        log("\(10 * options.rounds) extractions of a member's two pages in \(total); the fastest 10 at \(fastest / 10) each")
        exit(0)
    }

    part("scraper") {
        let bench = ScraperBenchmark(binaries: binaries, fixtures: repository.appendingPathComponent("Fixtures/codeproject").path, log: log)
        rows += try bench.run(sizes: quick ? [100, 1000] : [100, 1000, 10_000])
    }

    part("report") {
        let bench = ReportBenchmark(pack: try PackLoader().load(file: packFile),
                                    fixtures: repository.appendingPathComponent("Fixtures/codeproject").path, log: log)
        rows += try bench.run(runs: quick ? 1 : 3)
    }

    part("archive") {
        let bench = ArchiveBenchmark(binaries: binaries, fixtures: repository.appendingPathComponent("Fixtures/codeproject").path, log: log)
        rows += try bench.run(members: quick ? 4 : 12)
    }

    part("rate") {
        let bench = ScraperBenchmark(binaries: binaries, fixtures: repository.appendingPathComponent("Fixtures/codeproject").path, log: log)
        rows += try bench.rateAccuracy(pages: quick ? 100 : 400, rate: 20)
    }
} catch {
    log("failed: \(error)")
    exit(2)
}

let widths = [rows.map(\.figure.count).max() ?? 6, max(6, rows.map(\.target.count).max() ?? 6), rows.map(\.measured.count).max() ?? 8]
func line(_ cells: [String]) -> String {
    zip(cells, widths + [4]).map { $0.padding(toLength: max($1, $0.count), withPad: " ", startingAt: 0) }.joined(separator: "  ")
}
print(line(["figure", "target", "measured", "pass"]))
for row in rows {
    print(line([row.figure, row.target, row.measured, row.pass.map { $0 ? "PASS" : "FAIL" } ?? ""]))
}
let host = ProcessInfo.processInfo
print("\n\(Date().formatted(.iso8601)) · \(host.activeProcessorCount) cores · \(host.physicalMemory / 1_073_741_824) GiB\(quick ? " · --quick" : "")")
exit(rows.contains { $0.pass == false } ? 1 : 0)

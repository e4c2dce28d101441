import Extraction
import Archive
import Foundation
import Lookup
import Packs
import Report

/// The HTML report at the size the issue names: 10 members with 5 years of monthly
/// history. Its size, and how long headless Chromium takes to render it, against an
/// empty page rendered the same way in the same run.
struct ReportBenchmark {
    let pack: SitePack
    let fixtures: String
    let log: (String) -> Void

    func run(runs: Int) throws -> [Row] {
        let html = HTMLReport.render(try members(), pack: pack, generatedAt: Date())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-report-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("report.html"), empty = directory.appendingPathComponent("empty.html")
        try Data(html.utf8).write(to: report)
        try Data("<!DOCTYPE html><html><body></body></html>".utf8).write(to: empty)
        var rows = [Row(figure: "report, 10 members x 60 months: size", target: "< 1 MB",
                        measured: String(format: "%.0f KB", Double(html.utf8.count) / 1000), pass: html.utf8.count < 1_000_000)]
        guard let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile) else {
            throw BenchError("chromium is not installed (scripts/setup installs it)")
        }
        log("report: rendering in headless Chromium, \(runs) runs each, against an empty page")
        func seconds(_ page: URL) throws -> Double {
            let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
                         "--user-data-dir=\(directory.path)/profile", "--dump-dom", page.absoluteString]
            var best = Double.infinity
            for _ in 0..<runs { best = min(best, try ChildProcess.run(browser, flags).wallSeconds) }
            return best
        }
        _ = try seconds(empty)  // the profile made once, outside the timing
        let (page, baseline) = (try seconds(report), try seconds(empty))
        rows.append(Row(figure: "report: render time (Chromium) over an empty page's", target: "< 1 s",
                        measured: String(format: "%.2f s (%.2f s against %.2f s)", page - baseline, page, baseline), pass: page - baseline < 1))
        return rows
    }

    /// Ten members from the saved pages, each with 60 monthly points rising with noise,
    /// a few unknown.
    private func members() throws -> [HTMLReport.Member] {
        let ids = ["48201", "7315", "90210", "1842"]
        let start = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01
        return try (0..<10).map { index in
            let id = ids[index % ids.count]
            let pages = try pack.sources.map { source in
                Page(source: source.name, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/\(source.name)-\(id).html"))),
                     origin: "\(source.name)-\(id).html")
            }
            let record = MemberRecord(id: "\(id)-\(index)", site: pack.name, fetchedAt: Date(), sources: [],
                                      extracted: Extractor(pack: pack).extract(pages), errors: [])
            let numeric = pack.fields.map(\.name).filter { $0.hasPrefix("reputation.") }
            let points = (0..<60).map { month -> HistorySeries.Point in
                let time = start.addingTimeInterval(Double(month) * 30.4 * 86_400)
                var values = [String: FieldValue]()
                for (offset, field) in numeric.enumerated() {
                    values[field] = (month + offset) % 17 == 0 ? .null : .int(1_000 * (month + 1) * (offset + 1) + (month * 7919) % 500)
                }
                return HistorySeries.Point(time: time, lastSeen: time, values: values, archived: month < 24 ? ["profile": ArchiveTimestamp(time)] : nil)
            }
            return HTMLReport.Member(record: record, history: points)
        }
    }
}

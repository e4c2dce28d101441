import Foundation
import TestSupport
import Testing

/// The HTML report as a browser shows it: headless Chromium opens the file made from
/// the bundled members (with a backfilled history) and reports its DOM, console and
/// requests (scripts/browser-check).
@Suite(.serialized) struct ReportBrowserTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    struct Seen: Decodable {
        struct Chart: Decodable { let id: String; let circles: Int; let hollow: Int; let rects: Int; let series: Int }
        struct Table: Decodable { let id: String; let sorted: [String: String]; let rows: [[String?]]; let columns: [String?] }
        let charts: [Chart]
        let tables: [Table]
        let console: [String]
        let requests: [String]
        let data: Bool
    }

    @Test func theReportRendersEverySectionWithNoConsoleErrorAndNoRequest() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/archive").path])
        defer { server.stop() }
        let db = directory.appendingPathComponent("history.sqlite").path
        #expect(try run("cpvanity", ["history", "48201", "--backfill", "--archive", server.baseURL, "--archive-rate", "50", "--db", db]).status == 0)
        let report = directory.appendingPathComponent("report.html").path
        let made = try run("cpvanity", ["report", "48201", "7315", "90210", "--base-url", server.baseURL, "--db", db, "--output", report])
        #expect(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("No articles listed."))
        #expect(html.contains("One lookup in the history so far"))

        let checked = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["python3", repositoryRoot.appendingPathComponent("scripts/browser-check").path, report, "--sort", "views",
                                                "--screenshot", directory.appendingPathComponent("report.png").path])
        #expect(checked.status == 0, "\(checked.stderr)")
        let seen = try JSONDecoder().decode(Seen.self, from: Data(checked.stdout.utf8))
        #expect(seen.console == [])
        #expect(seen.requests == [])
        #expect(seen.data)
        let charts = Dictionary(uniqueKeysWithValues: seen.charts.map { ($0.id, $0) })
        // 48201: four archived years (2016's from revisits) and today's lookup; the total and seven categories.
        #expect(charts["compare-0"].map { [$0.circles, $0.hollow] } == [5, 4])
        #expect(charts["over-time-0"].map { [$0.series, $0.circles, $0.hollow] } == [8, 40, 32])
        #expect(charts["views-0"]?.rects == 34)
        #expect(charts["rating-0"]?.rects == 29)       // 5 unrated articles are not drawn as 0
        #expect(charts["years-0"]?.rects == 14)        // 2006 to 2019
        #expect(charts["views-2"]?.rects == 3)
        #expect(charts["over-time-1"] == nil)         // 7315: one lookup, nothing drawn over time
        // The table sorted by views, most first, in the browser.
        let table = try #require(seen.tables.first { $0.id == "rows-0" })
        #expect(table.sorted == ["column": "views", "direction": "descending"])
        let column = try #require(table.columns.firstIndex(of: "views"))
        let views = table.rows.filter { $0.count > column }.compactMap { $0[column].flatMap(Double.init) }
        #expect(views.count == 34)
        #expect(views == views.sorted(by: >))
        #expect(views.first == 2_345_678)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.png").path))

        // --since keeps the history from that date on.
        let recent = directory.appendingPathComponent("recent.html").path
        #expect(try run("cpvanity", ["report", "48201", "--base-url", server.baseURL, "--db", db, "--since", "2019-01-01", "--output", recent]).status == 0)
        let recentHTML = try String(contentsOfFile: recent, encoding: .utf8)
        let chart = try #require(recentHTML.components(separatedBy: "id=\"over-time-0\"").dropFirst().first?.components(separatedBy: "</svg>").first)
        // 2019, and the live lookups (the second equalled the first, which it extended): 8 lines.
        #expect(chart.components(separatedBy: "<circle").count - 1 == 8 * 2)
        #expect(chart.components(separatedBy: "class=\"hollow\"").count - 1 == 8)
    }
}

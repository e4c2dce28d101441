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
        let server = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path])
        defer { server.stop() }
        let db = directory.appendingPathComponent("history.sqlite").path
        #expect(try run("cpvanity", ["history", "48201", "--backfill", "--archive", server.baseURL, "--archive-rate", "50", "--db", db]).status == 0)
        let report = directory.appendingPathComponent("report.html").path
        let made = try run("cpvanity", ["report", "48201", "7315", "90210", "--base-url", server.baseURL, "--db", db, "--output", report])
        #expect(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("No articles listed."))
        #expect(html.contains("One lookup in the history so far"))
        // The pack's statistics, without a [report] key asking for them.
        #expect(html.contains("<h3>Statistics</h3>"))
        #expect(html.contains("<tr><th scope=\"row\">Total views</th><td class=\"number\">5,968,783</td></tr>"))

        let checked = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["python3", repositoryRoot.appendingPathComponent("scripts/browser-check").path, report, "--sort", "views",
                                                "--screenshot", directory.appendingPathComponent("report.png").path])
        #expect(checked.status == 0, "\(checked.stderr)")
        let seen = try JSONDecoder().decode(Seen.self, from: Data(checked.stdout.utf8))
        #expect(seen.console == [])
        #expect(seen.requests == [])
        #expect(seen.data)
        let charts = Dictionary(uniqueKeysWithValues: seen.charts.map { ($0.id, $0) })
        // 48201: four archived years (2016's from revisits) and today's lookup; the total
        // alone, and each of the seven categories on its own scale.
        #expect(charts["compare-0"].map { [$0.circles, $0.hollow] } == [5, 4])
        #expect(charts["over-time-0"].map { [$0.series, $0.circles, $0.hollow] } == [1, 5, 4])
        #expect((0..<7).map { charts["part-0-\($0)"].map { [$0.series, $0.circles, $0.hollow] } } == Array(repeating: [1, 5, 4], count: 7))
        // The top 15 articles across, by views and by rating (5 unrated are not drawn as 0).
        #expect(charts["views-0"]?.rects == 15)
        #expect(charts["rating-0"]?.rects == 15)
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

        // As a reader sees it: at 1280 px no two chart texts overlap and none is under 7 px;
        // at 420 px the page does not scroll sideways.
        struct Measured: Decodable {
            struct Smallest: Decodable { let height: Double }
            let width: Int
            let texts: Int
            let overlaps: [[String]]
            let smallest: Smallest
            let panned: [String]
            let sideways: Double
        }
        for width in [1280, 420] {
            let measured = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["python3", repositoryRoot.appendingPathComponent("scripts/browser-check").path,
                                                                              report, "--measure", String(width)])
            #expect(measured.status == 0, "\(measured.stderr)")
            let seen = try JSONDecoder().decode(Measured.self, from: Data(measured.stdout.utf8))
            #expect(seen.width == width)
            #expect(seen.texts > 100)
            #expect(seen.overlaps == [], "at \(width) px")
            // At 420 px each wide chart is its narrow twin, redrawn: text a phone can read, nothing to pan.
            #expect(seen.smallest.height >= (width == 1280 ? 7 : 9), "the smallest chart text at \(width) px is \(seen.smallest.height) px tall")
            #expect(seen.panned == [], "at \(width) px")
            #expect(seen.sideways <= 0, "at \(width) px the page scrolls \(seen.sideways) px sideways")
        }

        // --since keeps the history from that date on.
        let recent = directory.appendingPathComponent("recent.html").path
        #expect(try run("cpvanity", ["report", "48201", "--base-url", server.baseURL, "--db", db, "--since", "2019-01-01", "--output", recent]).status == 0)
        let recentHTML = try String(contentsOfFile: recent, encoding: .utf8)
        let chart = try #require(recentHTML.components(separatedBy: "id=\"over-time-0\"").dropFirst().first?.components(separatedBy: "</svg>").first)
        // 2019, and the live lookups (the second equalled the first, which it extended).
        #expect(chart.components(separatedBy: "<circle").count - 1 == 2)
        #expect(chart.components(separatedBy: "class=\"hollow\"").count - 1 == 1)
    }

    /// A member looked up twice a few seconds apart, four of whose seven categories are
    /// zero: the zero ones are one line, not four flat charts; the time axis is labelled
    /// to the second; no legend for archived points there are none of.
    @Test func aShortHistoryWithZeroCategories() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("short.sqlite").path
        let plain = try FixtureServer()
        // Exit 1: 1842's old list shows no bookmarks or downloads, so their totals are unknown.
        #expect(try run("cpvanity", ["member", "1842", "--base-url", plain.baseURL, "--db", db, "--format", "json"]).status == 1)
        let later = try FixtureServer(["--change-markup", "5,072=5,090", "--change-markup", "4,301=4,319"])
        let report = directory.appendingPathComponent("short.html").path
        let made = try run("cpvanity", ["report", "1842", "--base-url", later.baseURL, "--db", db, "--output", report])
        #expect(made.status == 1, "\(made.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("<p class=\"note zero\">Zero throughout: Debator, Editor, Enquirer, Organiser.</p>"), "\(html)")
        #expect(!html.contains("open: archived"))
        let checked = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["python3", repositoryRoot.appendingPathComponent("scripts/browser-check").path, report])
        #expect(checked.status == 0, "\(checked.stderr)")
        let seen = try JSONDecoder().decode(Seen.self, from: Data(checked.stdout.utf8))
        #expect(seen.console == [])
        let charts = Dictionary(uniqueKeysWithValues: seen.charts.map { ($0.id, $0) })
        #expect(charts["over-time-0"].map { [$0.series, $0.circles, $0.hollow] } == [1, 2, 0])
        // Author, Authority, Participant: the three that were not zero.
        #expect((0..<4).map { charts["part-0-\($0)"] != nil } == [true, true, true, false])
        // The time axis says when, to the second (the two lookups were seconds apart).
        let chart = try #require(html.components(separatedBy: "id=\"over-time-0\"").dropFirst().first?.components(separatedBy: "</svg>").first)
        let labels = chart.components(separatedBy: "text-anchor=\"middle\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(labels.count == 2 && labels.allSatisfy { $0.count == 8 && $0.filter { $0 == ":" }.count == 2 }, "\(labels)")
    }
}

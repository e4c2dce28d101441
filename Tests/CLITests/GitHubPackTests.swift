import Foundation
import TestSupport
import Testing

/// GitHub is one TOML file (patterns/github.toml) and fixture pages of our own, one per
/// layout the site has served: 2014-15's vcard (mosswood), 2021-22's overview with its
/// counters twice (lin-qiao) and today's, rounded and seen while logged in (ada-pond),
/// whose repositories run over two pages, and as a logged-out reader sees it in 2023-26
/// (river-osei: the pinned list without its reorder hooks, names beside tool-tips).
@Suite struct GitHubPackTests {
    private static let fixtures = repositoryRoot.appendingPathComponent("Fixtures/github").path

    @Test func theBundledFixturesPass() throws {
        let result = try run("cpvanity", ["patterns", "check", "--site", "github"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("\nPASS: 112 ok over 4 fixtures\n"), "\(result.stdout)")
    }

    /// Every layout from the replica; ada-pond's repositories tab is followed to its second
    /// page by the pager's rel="next", and the statistics are over both pages' rows.
    @Test func membersOfEveryLayoutFromTheReplica() throws {
        let server = try FixtureServer(["--site", "github"], root: Self.fixtures)
        defer { server.stop() }
        let result = try run("cpvanity", ["member", "--site", "github", "--base-url", server.baseURL, "--format", "csv", "--columns",
                                          "id,name,location,followers,following,repositories,stars,contributions,joined,stats.repositories_listed,stats.stars_received,stats.languages",
                                          "ada-pond", "lin-qiao", "mosswood", "river-osei", "nobody-here"])
        #expect(result.status == 1)  // nobody-here has no page
        let lines = result.stdout.components(separatedBy: "\r\n")
        #expect(lines[1] == "ada-pond,Ada Pond,\"Lisbon, Portugal\",12400,31,64,1532,847,,5,4481,\"Python, Rust, C\"")
        #expect(lines[2] == "lin-qiao,Lin Qiao,,205,12,48,96,1212,,2,57,Java")
        #expect(lines[3] == "mosswood,Nadia Moss,\"Leeds, UK\",1200,24,,207,1031,2011-05-18,2,41,\"JavaScript, Ruby\"")
        #expect(lines[4] == "river-osei,River Osei,\"Accra, Ghana\",2400,87,23,410,2318,,3,1396,\"Python, Go\"")
        #expect(lines[5] == "nobody-here,,,,,,,,,,,")
        #expect(result.stderr.contains("member nobody-here: not_found"), "\(result.stderr)")
    }

    /// Counts the page rounds are numbers, said as the page said them in a table.
    @Test func roundedCountsShowAsThePageShowsThem() throws {
        let server = try FixtureServer(["--site", "github"], root: Self.fixtures)
        defer { server.stop() }
        let result = try run("cpvanity", ["member", "--site", "github", "--base-url", server.baseURL, "--format", "table", "ada-pond"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Followers ≈ 12.4k\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Stars 1,532\n"), "\(result.stdout)")
        // A row's count as the page showed it, and figures over it known no closer.
        #expect(result.stdout.contains("  tidepool      Rust       ≈ 2.4k    131  2026-11-02\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  total                   ≈ 4,481    270\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Stars received ≈ 4,481"), "\(result.stdout)")
        let json = try run("cpvanity", ["member", "--site", "github", "--base-url", server.baseURL, "--json", "followers,rounded", "ada-pond"])
        #expect(json.stdout.contains("\"followers\": 12400"), "\(json.stdout)")
        #expect(json.stdout.contains("\"followers\": 100"), "\(json.stdout)")
        #expect(json.stdout.contains("\"stats.stars_received\": 100"), "\(json.stdout)")
        // The HTML report's rows too, and its statistics.
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-gh-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        #expect(try run("cpvanity", ["report", "--site", "github", "--base-url", server.baseURL, "--no-store", "-o", report, "ada-pond"]).status == 0)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains(#"<td data-sort="2400.0" class="number">≈ 2.4k</td>"#), "\(html)")
        #expect(html.contains(#"<tr><th scope="row">Stars received</th><td class="number">≈ 4,481</td></tr>"#), "\(html)")
    }

    /// A rounded count keeps its mark in every format: CSV's `rounded.<place>` columns
    /// (a member's, a row's) and a `--json` selection's `rounded`, for the keys selected.
    @Test func aRoundedCountIsMarkedInCSVAndSelections() throws {
        let server = try FixtureServer(["--site", "github"], root: Self.fixtures)
        defer { server.stop() }
        let site = ["--site", "github", "--base-url", server.baseURL, "--rate", "0", "--no-store"]
        let csv = try run("cpvanity", ["member", "--format", "csv", "--columns",
                                       "id,followers,rounded.followers,stars,stats.stars_received,rounded.stats.stars_received", "ada-pond", "lin-qiao"] + site)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout == "id,followers,rounded.followers,stars,stats.stars_received,rounded.stats.stars_received\r\n"
                + "ada-pond,12400,100,1532,4481,100\r\nlin-qiao,205,,96,57,\r\n")
        let rows = try run("cpvanity", ["member", "--format", "csv", "--rows", "--columns", "id,name,stars,rounded.stars", "ada-pond"] + site)
        // Sorted by stars: tidepool's "2.4k" first, then counts shown exactly.
        #expect(rows.stdout.hasPrefix("id,name,stars,rounded.stars\r\nada-pond,Ada Pond,2400,100\r\nada-pond,Ada Pond,1204,\r\n"), "\(rows.stdout)")
        let json = try run("cpvanity", ["member", "--json", "id,followers", "ada-pond"] + site)
        let record = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(record.keys.sorted() == ["followers", "id", "rounded"])
        #expect(record["rounded"] as? [String: Int] == ["followers": 100])
        let exact = try run("cpvanity", ["member", "--json", "id,stars", "ada-pond"] + site)
        #expect(!exact.stdout.contains("rounded"), "\(exact.stdout)")
    }

    /// A list whose second page cannot be fetched keeps the rows read, and no statistic
    /// over it is a figure over part of the list.
    @Test func aListCutShortHasNoStatistics() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gh-cut-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: Self.fixtures, toPath: root.path)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("repositories-ada-pond-p2.html"))
        let server = try FixtureServer(["--site", "github"], root: root.path)
        defer { server.stop() }
        let result = try run("cpvanity", ["member", "--site", "github", "--base-url", server.baseURL, "--retries", "0",
                                          "--json", "stats.repositories_listed,stats.stars_received,stats.languages", "ada-pond"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"repositories_listed\": null"), "\(result.stdout)")
        #expect(result.stdout.contains("\"stars_received\": null"), "\(result.stdout)")
        #expect(result.stdout.contains("\"languages\": null"), "\(result.stdout)")
        #expect(result.stderr.contains("stats.stars_received: unknown: not every repositories page was read (3 rows from those that were)"), "\(result.stderr)")
    }

    /// A member whose fixtures lack a page the next link leads to fails alone; the
    /// others are checked all the same.
    @Test func aCheckGoesOnPastOneMembersMissingPage() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gh-check-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: Self.fixtures, toPath: root.path)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("repositories-ada-pond-p2.html"))
        let result = try run("cpvanity", ["patterns", "check", "--site", "github", "--fixtures", root.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  ada-pond pages: expected every page the next links lead to, saved, got no saved page repositories-ada-pond-p2.html in \(root.path)\n"),
                "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\nFAIL: 84 ok, 1 MISMATCH over 4 fixtures\n"), "\(result.stdout)")
    }

    /// `extract` reads a list's further pages saved beside its first, and says which are not.
    @Test func extractReadsFurtherPagesSavedBesideTheFirst() throws {
        let first = "\(Self.fixtures)/repositories-ada-pond.html"
        let whole = try run("cpvanity", ["extract", "--site", "github", "--compact", first])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stdout.contains("\"stars_received\":4481"), "\(whole.stdout)")
        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("gh-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        try FileManager.default.copyItem(atPath: first, toPath: alone.appendingPathComponent("repositories-ada-pond.html").path)
        let cut = try run("cpvanity", ["extract", "--site", "github", "--compact", alone.appendingPathComponent("repositories-ada-pond.html").path])
        #expect(cut.status == 1)
        #expect(cut.stdout.contains("\"stars_received\":null"), "\(cut.stdout)")
        #expect(cut.stderr.contains("the repositories list goes on (next page: /ada-pond?page=2&amp;tab=repositories), but repositories-ada-pond-p2.html is not saved beside it"), "\(cut.stderr)")
    }
}

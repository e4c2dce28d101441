import Foundation
import TestSupport
import Testing

/// `patterns check --live`: the canary users put in cron.
@Suite struct LiveCheckTests {
    /// The cells of one field's line, split on runs of spaces.
    func cells(_ output: String, _ field: String) -> [String] {
        let line = output.split(separator: "\n").first { $0.hasPrefix(field + " ") } ?? ""
        return line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func showsWhichAlternativeMatchedWhichDefaultedAndWhatIsAbsent() throws {
        let server = try FixtureServer()
        let pages = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pages) }
        let result = try run("cpvanity", ["patterns", "check", "--live", "48201", "7315", "1842", "--base-url", server.baseURL,
                                          "--rate", "0", "--save-pages", pages.path])
        // 1842's old list shows no bookmarks or downloads: each row's block without the
        // label is none, but totals over none of the rows are unknown, and fail the check.
        #expect(result.status == 1)
        #expect(cells(result.stdout, "field") == ["field", "48201", "7315", "1842"])
        #expect(cells(result.stdout, "reputation.total") == ["reputation.total", "ok", "ok", "ok"])
        #expect(cells(result.stdout, "reputation.level") == ["reputation.level", "ok", "ok #2", "ok"])
        #expect(cells(result.stdout, "reputation.author.points") == ["reputation.author.points", "ok", "default", "ok"])
        #expect(cells(result.stdout, "avatar_url") == ["avatar_url", "ok", "absent", "ok"])
        #expect(cells(result.stdout, "counts.articles") == ["counts.articles", "ok", "default", "ok #2"])
        #expect(cells(result.stdout, "articles[].views") == ["articles[].views", "34/34", "no rows", "3/3"])
        #expect(cells(result.stdout, "articles[].updated") == ["articles[].updated", "24/34 10 absent", "no rows", "3/3"])
        #expect(cells(result.stdout, "articles[].downloads") == ["articles[].downloads", "14/34 20 absent", "no rows", "0/3 3 absent"])
        #expect(result.stdout.hasSuffix("""

            problems:
              1842 extraction stats.total_bookmarks: unknown: no row shows bookmarks (3 rows read), and a figure over none of them would not be the page's (articles page)
              1842 extraction stats.total_downloads: unknown: no row shows downloads (3 rows read), and a figure over none of them would not be the page's (articles page)

            FAIL: see the problems above; docs/patterns.md says what to do when the site changes

            """))
        let saved = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted()
        #expect(saved == ["articles-1842.html", "articles-48201.html", "articles-7315.html",
                          "profile-1842.html", "profile-48201.html", "profile-7315.html"])
    }

    @Test func aMissingFieldOrAFailedLookupFails() throws {
        let server = try FixtureServer(["--change-markup", #"Prof_TotalRep"=Prof_Total""#])
        let result = try run("cpvanity", ["patterns", "check", "--live", "48201", "5555", "--base-url", server.baseURL, "--rate", "0"])
        #expect(result.status == 1)
        #expect(cells(result.stdout, "reputation.total") == ["reputation.total", "MISSING", "-"])
        #expect(result.stdout.contains("\n  48201 extraction reputation.total: not found: its pattern did not match"))
        #expect(result.stdout.contains("\n  5555 not_found: the site answered 404"))
        #expect(result.stdout.hasSuffix("\nFAIL: see the problems above; docs/patterns.md says what to do when the site changes\n"))
        // Said once, in the table: stderr does not repeat each problem.
        #expect(!result.stderr.contains("reputation.total"), "\(result.stderr)")
        #expect(!result.stderr.contains("404"), "\(result.stderr)")
    }

    @Test func liveAndFixturesTogetherAreAUsageError() throws {
        let result = try run("cpvanity", ["patterns", "check", "--live", "48201", "--fixtures", "/tmp"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--live checks pages fetched now and --fixtures saved ones: give one or the other."))
    }
}

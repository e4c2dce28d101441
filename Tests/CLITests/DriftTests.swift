import Foundation
import TestSupport
import Testing

/// A batch against a replica whose markup changes mid-run: the drift is said plainly,
/// the status is 3, and the JSON summary has the counts.
@Suite struct DriftTests {
    /// Twelve members, each with the pages of 48201.
    func siteOfTwelve() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-drift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for id in 101...112 {
            for source in ["profile", "articles"] {
                try FileManager.default.copyItem(atPath: "\(codeprojectFixtures)/\(source)-48201.html",
                                                 toPath: root.appendingPathComponent("\(source)-\(id).html").path)
            }
        }
        return root
    }

    @Test func aBatchWhoseMarkupChangesMidRunSaysSoAndExitsThree() throws {
        let root = try siteOfTwelve()
        defer { try? FileManager.default.removeItem(at: root) }
        // From the ninth page on (members 105 to 112, one page at a time) the total's
        // element is renamed, as when the site changes.
        let server = try FixtureServer(["--change-markup", #"Prof_TotalRep"=Prof_Total"@9"#], root: root.path)
        let summary = root.appendingPathComponent("summary.json").path
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "1",
                                          "--no-store", "--format", "csv", "--summary", summary],
                             stdin: Data((101...112).map(String.init).joined(separator: "\n").utf8))
        #expect(result.status == 3)
        #expect(result.stderr.contains("\nreputation.total               profile      12        4          0        8       0  DRIFT\n"))
        #expect(result.stderr.hasSuffix("cpvanity: warning: reputation.total found on 4 of 12 profile pages: the site's markup has probably changed; see 'When the site changes' in docs/patterns.md\n"))
        // The changed members' totals are unknown, never 0.
        let rows = result.stdout.split(whereSeparator: \.isNewline)
        #expect(rows.count == 13)
        #expect(rows.filter { $0.contains(",1204873,") }.count == 4)
        #expect(!result.stdout.contains(",0,platinum,"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary))) as? [String: Any])
        #expect(json["members"] as? Int == 12)
        #expect(json["drift"] as? [String] == ["profile:reputation.total"])
        let fields = try #require(json["fields"] as? [[String: Any]])
        let total = try #require(fields.first { $0["field"] as? String == "reputation.total" })
        #expect(total["pages"] as? Int == 12)
        #expect(total["matched"] as? Int == 4)
        #expect(total["missing"] as? Int == 8)
        #expect(total["drift"] as? Bool == true)
        let views = try #require(fields.first { $0["field"] as? String == "articles[].views" })
        #expect(views["matched"] as? Int == 12 * 34)
        #expect(views["drift"] as? Bool == false)
    }

    /// A number too large for its type is the page's value, unreadable here: an
    /// `unreadable` error on the member (exit 1), never drift, never a 0.
    @Test func aNumberTooLargeIsUnreadableNotDrift() throws {
        let root = try siteOfTwelve()
        defer { try? FileManager.default.removeItem(at: root) }
        let huge = "123,456,789,012,345,678,901,234,567,890"
        let server = try FixtureServer(["--change-markup", "1,204,873=\(huge)@1"], root: root.path)
        let summary = root.appendingPathComponent("summary.json").path
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "1",
                                          "--no-store", "--format", "ndjson", "--summary", summary],
                             stdin: Data((101...112).map(String.init).joined(separator: "\n").utf8))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("DRIFT") && !result.stderr.contains("markup has probably changed"), "\(result.stderr)")
        #expect(result.stderr.contains("\nreputation.total               profile      12        0          0        0          12       0\n"), "\(result.stderr)")
        let records = result.stdout.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(records.count == 12)
        for record in records {
            #expect((record["reputation"] as? [String: Any])?["total"] is NSNull)
            let errors = record["errors"] as? [[String: Any]] ?? []
            #expect(errors.map { $0["kind"] as? String } == ["unreadable"])
            #expect((errors.first?["message"] as? String)?.hasPrefix("captured \"\(huge)\", a number too large for an integer (at most 19 digits") == true)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary))) as? [String: Any])
        #expect(json["drift"] as? [String] == [])
        let total = try #require((json["fields"] as? [[String: Any]])?.first { $0["field"] as? String == "reputation.total" })
        #expect(total["unreadable"] as? Int == 12)
        #expect(total["missing"] as? Int == 0)
    }

    /// `--quiet` (cron's): no progress and no summary, but every failed member, a line
    /// each (its ID, the kind, the cause), and the drift alert.
    @Test func quietSaysEachFailedMemberAndTheDriftAlert() throws {
        let root = try siteOfTwelve()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try FixtureServer(["--change-markup", #"Prof_TotalRep"=Prof_Total"@9"#], root: root.path)
        let ids = Data((101...112).map(String.init).joined(separator: "\n").utf8)
        let quiet = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "1",
                                         "--no-store", "--format", "ndjson", "-q"], stdin: ids)
        #expect(quiet.status == 3)
        let failure = { (id: Int) in
            "cpvanity: member \(id): extraction reputation.total: not found: its pattern did not match (tried '\\bid\\s*=\\s*[\"\\x27][^\"\\x27]*Prof_TotalRep[\"\\x27][^>]*>(?:\\s|…') (profile page)\n"
        }
        // The failures as the members finish (in any order), then the alert.
        let lines = quiet.stderr.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
        #expect(lines.dropLast(2).sorted() == (105...112).map(failure), "\(quiet.stderr)")
        #expect(lines.suffix(2).joined() == "cpvanity: warning: reputation.total found on 4 of 12 profile pages: the site's markup has probably changed; see 'When the site changes' in docs/patterns.md\n\n")
        let calm = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "ndjson", "--quiet"],
                           stdin: Data("101\n".utf8))
        #expect(calm.stderr == failure(101))
        let both = try run("cpvanity", ["batch", "--quiet", "--verbose"], stdin: ids)
        #expect(both.status == 64)
    }

    @Test func oneOddPageIsNotDrift() throws {
        let root = try siteOfTwelve()
        defer { try? FileManager.default.removeItem(at: root) }
        // Only the last member's profile lacks the total: an error for that member
        // (status 1), not a changed site. Written into its page, not counted in pages
        // served: two members are under way at once, so which page is the 23rd varies.
        let profile = root.appendingPathComponent("profile-112.html")
        try String(contentsOf: profile, encoding: .utf8).replacingOccurrences(of: #"Prof_TotalRep""#, with: #"Prof_Total""#)
            .write(to: profile, atomically: true, encoding: .utf8)
        let server = try FixtureServer([], root: root.path)
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "1",
                                          "--no-store", "--format", "ndjson", "--stats"],
                             stdin: Data((101...112).map(String.init).joined(separator: "\n").utf8))
        #expect(result.status == 1)
        #expect(!result.stderr.contains("DRIFT"))
        #expect(result.stderr.contains("\nreputation.total               profile      12       11          0        1       0\n"))
    }
}

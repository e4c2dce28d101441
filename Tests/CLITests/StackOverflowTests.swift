import Foundation
import TestSupport
import Testing

/// The second bundled site: patterns/stackoverflow.toml against its fixtures in both
/// layouts, through the replica, the report and a web archive, with no Swift of its own.
@Suite(.serialized) struct StackOverflowTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Fixtures/stackoverflow").path
    static let archive = repositoryRoot.appendingPathComponent("Fixtures/stackoverflow-archive").path

    @Test func thePackPassesItsCheckInBothLayouts() throws {
        let check = try run("cpvanity", ["patterns", "check", "--site", "stackoverflow"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("PASS: 58 ok over 2 fixtures"))
        #expect(check.stdout.contains("PASS: 53 ok over 2 fixtures"))
    }

    /// The 2021-22 Developer Story, saved while another user was logged in (their name,
    /// reputation and communities in the top bar): the owner's facts only, each site's
    /// reputation rounded as shown, "3 days ago" counted back from the page's own clock.
    @Test func theDeveloperStoryOf2022IsTheOwners() throws {
        let page = repositoryRoot.appendingPathComponent("Fixtures/stackoverflow-eras/profile-57721.html").path
        let result = try run("cpvanity", ["extract", "--site", "stackoverflow", "--compact", page])
        #expect(result.status == 1)  // the Developer Story shows no badges, answers or questions
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["name"] as? String == "Rui Tavares")
        #expect(record["reputation"] as? Int == 12_800)
        #expect(record["location"] as? String == "Porto, Portugal")
        #expect(record["member_since"] as? String == "2015-01-20")
        #expect(record["last_active"] as? String == "2022-03-29")
        #expect(record["last_seen"] as? String == "more than a week ago")
        let communities = try #require(record["communities"] as? [[String: Any]])
        #expect(communities.map { $0["site"] as? String } == ["Stack Overflow", "Code Review", "Mathematics", "Meta Stack Exchange"])
        #expect(communities.map { $0["reputation"] as? Int } == [12_800, 2_400, 871, 101])
        #expect(record["rounded"] as? [String: Int] == ["reputation": 100, "communities[0].reputation": 100, "communities[1].reputation": 100])
        #expect(result.stderr.contains("answers: not found"), "\(result.stderr)")
    }

    /// A profile whose figures have their word in an element of its own (`<div>25,107</div>
    /// <div>reputation</div>`) reads as one whose word is bare text after them.
    @Test func aFiguresWordInItsOwnElement() throws {
        let page = """
            <html><body><div class="fs-body3">25,107</div><div class="fs-caption">reputation</div>\
            <div class="fs-body3">1.2m</div><div class="fs-caption">reached</div><div class="fs-body3">1,234</div>\
            <div class="fs-caption">answers</div><div class="fs-body3">56</div><div class="fs-caption">questions</div></body></html>
            """
        let result = try run("cpvanity", ["extract", "--site", "stackoverflow", "--source", "profile", "--compact", "-"], stdin: Data(page.utf8))
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["reputation"] as? Int == 25_107)
        #expect(record["people_reached"] as? Int == 1_200_000)
        #expect(record["answers"] as? Int == 1_234)
        #expect(record["questions"] as? Int == 56)
    }

    @Test func aMemberThroughTheReplica() throws {
        let server = try FixtureServer(["--site", "stackoverflow"], root: Self.fixtures)
        let site = ["--site", "stackoverflow", "--base-url", server.baseURL, "--rate", "0", "--no-store"]
        let result = try run("cpvanity", ["member", "31415", "--format", "json"] + site)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(record["reputation"] as? Int == 25_107)
        #expect(record["badges"] as? [String: Int] == ["gold": 12, "silver": 98, "bronze": 141])
        #expect(record["people_reached"] as? Int == 1_200_000)
        let tags = try #require(record["tags"] as? [[String: Any]])
        // Three pages of tags, eleven tags, the last below zero.
        #expect(tags.count == 11)
        #expect(tags.last?["tag"] as? String == "perl")
        #expect(tags.last?["score"] as? Int == -2)
        let stats = try #require(record["stats"] as? [String: Any])
        #expect(stats["total_score"] as? Int == 6_189)
        #expect(stats["total_posts"] as? Int == 951)
        #expect(stats["score_per_post"] as? Double == 6.51)
        #expect(stats["top_tag"] as? String == "c#")
        // Its labels, its statistics, nothing of another site's.
        let table = try run("cpvanity", ["member", "16180", "--format", "table", "--sort", "posts"] + site, environment: ["NO_COLOR": "1"])
        #expect(table.stdout.contains("Gold badges 0 · Silver badges 0 · Bronze badges 2"))
        #expect(table.stdout.contains("Tags listed 2 · Total tag score 4 · Total tag posts 3 · Score per post 1.33 · Top tag python"))
        #expect(table.stdout.contains("Tags (2, by Posts)"))
        // A span is data's ISO 8601 in JSON and CSV, words for people.
        #expect(table.stdout.contains("\nMember for 1 year, 2 months\n"), "\(table.stdout)")
        #expect(!table.stdout.contains("views") && !table.stdout.contains("Reputation by"))
        let missing = try run("cpvanity", ["member", "99999", "--format", "json"] + site)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("\"kind\": \"not_found\""))
    }

    @Test func theReportUsesItsLabels() throws {
        let server = try FixtureServer(["--site", "stackoverflow"], root: Self.fixtures)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-so-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("so.html").path
        let made = try run("cpvanity", ["report", "31415", "16180", "--site", "stackoverflow", "--base-url", server.baseURL, "--rate", "0",
                                        "--db", directory.appendingPathComponent("h.sqlite").path, "--output", report])
        #expect(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("<th>member</th><th>Reputation</th><th>Answers</th><th>Total tag score</th>"))
        #expect(html.contains("<h3>Reputation over time</h3>"))
        #expect(html.contains("<h3>Tags</h3>"))
        #expect(html.contains("<figcaption>Score per tag</figcaption>"))
        #expect(html.contains("<figcaption>Posts per tag</figcaption>"))
        #expect(html.contains("<span class=\"label\">Gold badges</span>"))
        for word in ["article", "Article", "CodeProject", "by category"] {
            #expect(!html.contains(word), "the report says '\(word)'")
        }
    }

    @Test func archivedInIts2016Layout() throws {
        let server = try FixtureServer(["--site", "stackoverflow", "--archive", Self.archive], root: Self.fixtures)
        let result = try run("cpvanity", ["member", "31415", "--site", "stackoverflow", "--as-of", "2016", "--archive", server.baseURL,
                                          "--archive-rate", "50", "--no-store", "--json", "id,reputation,tags,stats.total_score,archived_at"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(record["reputation"] as? Int == 9_420)
        // Both of 2016's tag pages, the second the archive's capture of it nearest the first's.
        #expect((record["tags"] as? [[String: Any]])?.map { $0["tag"] as? String } == ["c#", ".net", "linq", "sql", "regex"])
        #expect((record["stats"] as? [String: Any])?["total_score"] as? Int == 1_874)
        #expect((record["archived_at"] as? [String: String])?["tags"] == "2016-06-12T08:15:00Z")
    }
}

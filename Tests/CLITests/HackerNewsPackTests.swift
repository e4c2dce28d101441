import Foundation
import TestSupport
import Testing

/// Hacker News is one TOML file (patterns/hackernews.toml) and its fixture pages,
/// modelled on the site's own user page: the replica serves them at `user?id=NAME`.
@Suite struct HackerNewsPackTests {
    @Test func theBundledFixturesPass() throws {
        let result = try run("cpvanity", ["patterns", "check", "--site", "hackernews"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\nPASS: 40 ok over 4 fixtures\n"), "\(result.stdout)")
        // Older markup (Fixtures/hackernews-eras): a bare name, `itemlist`, `storylink`, ages as text.
        #expect(result.stdout.hasSuffix("\nPASS: 26 ok over 2 fixtures\n"), "\(result.stdout)")
    }

    /// A page seen while logged in names another user, with their karma, in its top bar:
    /// the record is the profile's owner's.
    @Test func membersFromTheReplicaAreTheProfilesOwners() throws {
        let server = try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        defer { server.stop() }
        let result = try run("cpvanity", ["member", "--site", "hackernews", "--base-url", server.baseURL, "--format", "csv",
                                          "--columns", "id,user,created,karma,about", "ada_l", "bo_s", "old_timer", "nobody_here"])
        #expect(result.status == 1)  // nobody_here is no user
        let lines = result.stdout.components(separatedBy: "\r\n")
        #expect(lines[0] == "id,user,created,karma,about")
        #expect(lines[1] == "ada_l,ada_l,2011-03-04,12408,Writes compilers at night. Mail: ada at example.org Talks: example.org/talks")
        #expect(lines[2] == "bo_s,bo_s,2023-01-02,87,")
        #expect(lines[3] == "old_timer,old_timer,2006-10-09,1204,Since the beginning.")
        #expect(lines[4] == "nobody_here,,,,")
        #expect(result.stderr.contains("member nobody_here: not_found"), "\(result.stderr)")
    }

    /// The site's own RSS, declared in the pack like any feed: the front page's items.
    @Test func theFrontPageFeed() throws {
        let server = try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        defer { server.stop() }
        let result = try run("cpvanity", ["feed", "front", "--site", "hackernews", "--base-url", server.baseURL, "--format", "csv",
                                          "--limit", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            title,link,author,published,description,categories\r
            A register allocator in 400 lines,https://compilers.example.org/regalloc,,2024-07-22T09:14:05Z,Comments,\r
            Show HN: Tidepool – tide tables from harmonic constants,https://tidepool.example.net/,,2024-07-22T08:02:44Z,Comments,\r

            """)
    }

    /// A user name is the member's ID and their name: said once, not "ada_l (ada_l)".
    @Test func aNameThatIsTheIDIsSaidOnce() throws {
        let server = try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        defer { server.stop() }
        let site = ["--site", "hackernews", "--base-url", server.baseURL, "--no-store"]
        let table = try run("cpvanity", ["member", "ada_l", "--format", "table", "--limit", "1"] + site, environment: ["NO_COLOR": "1"])
        #expect(table.stdout.hasPrefix("ada_l  Hacker News\n"), "\(table.stdout)")
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-hn-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: report) }
        #expect(try run("cpvanity", ["report", "ada_l", "--output", report.path] + site).status == 0)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("<h2>ada_l</h2>"))
        // The pack's charts: points per submission, submissions per year.
        #expect(html.contains("<svg class=\"chart wide\" id=\"points-0\""))
        #expect(html.contains("<svg class=\"chart wide\" id=\"years-0\""))
    }

    /// Submissions run over pages the site does not number (the "More" link's
    /// `next=<item id>`): the replica serves the page each link names, and the record's
    /// rows and statistics are both pages'.
    @Test func submissionsOverPagesWithTheirPoints() throws {
        let server = try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        defer { server.stop() }
        let result = try run("cpvanity", ["rows", "--site", "hackernews", "--base-url", server.baseURL, "--format", "csv",
                                          "--columns", "id,title,points,posted", "ada_l"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\r\n") == [
            "id,title,points,posted",
            "ada_l,A register allocator in 400 lines,287,2024-07-22",
            "ada_l,Show HN: Tidepool – tide tables from harmonic constants,1204,2024-03-25",
            "ada_l,Ask HN: What do you read to learn compilers?,56,2024-01-02",
            "ada_l,Why my parser was slow,3,2023-03-02",
            "ada_l,\"Lexers, by hand\",1,2021-10-18",
            "",
        ])
        let stats = try run("cpvanity", ["member", "--site", "hackernews", "--base-url", server.baseURL, "--format", "csv",
                                         "--columns", "id,stats.submissions_listed,stats.total_points,stats.top_submission.title", "ada_l", "bo_s"])
        #expect(stats.stdout.components(separatedBy: "\r\n").dropFirst().first == "ada_l,5,1551,Show HN: Tidepool – tide tables from harmonic constants")
        // No submissions is a list the page shows empty: none, and 0 points.
        #expect(stats.stdout.components(separatedBy: "\r\n").dropFirst(2).first == "bo_s,0,0,")
    }

    /// Ages older pages show only as "3 days ago" or "1893 days ago" count back from the
    /// archive's capture (Fixtures/hackernews-archive holds the eras' pages as captured).
    @Test func relativeAgesCountBackFromTheCapture() throws {
        let server = try FixtureServer(["--site", "hackernews", "--archive", repositoryRoot.appendingPathComponent("Fixtures/hackernews-archive").path],
                                       root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        defer { server.stop() }
        let rows = try run("cpvanity", ["rows", "tide_reader", "--site", "hackernews", "--as-of", "2018", "--archive", server.baseURL,
                                        "--archive-rate", "50", "--no-store", "--format", "csv", "--columns", "title,points,posted"])
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(rows.stdout.components(separatedBy: "\r\n") == [
            "title,points,posted",
            "Reading a tide table without an app,57,2018-05-29",  // 3 days before 2018-06-01
            "Ask HN: How do you keep a logbook of small boats' repairs?,1204,2018-05-20",
            "Harbour Labs (YC W17) is hiring a tide-model engineer,,2018-04-23",
            "",
        ])
        let profile = try run("cpvanity", ["member", "arc_days", "--site", "hackernews", "--as-of", "2012", "--archive", server.baseURL,
                                           "--archive-rate", "50", "--no-store", "--format", "csv", "--columns", "user,created,karma"])
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout.components(separatedBy: "\r\n").dropFirst().first == "arc_days,2006-12-25,9020", "\(profile.stderr)")
        // Before 2015 the age was bare text after the author: "2 days ago", "120 days ago".
        let old = try run("cpvanity", ["rows", "arc_days", "--site", "hackernews", "--as-of", "2012", "--archive", server.baseURL,
                                       "--archive-rate", "50", "--no-store", "--format", "csv", "--columns", "points,posted"])
        #expect(old.stdout == "points,posted\r\n212,2012-02-28\r\n9,2011-11-02\r\n", "\(old.stderr)")
    }

    /// Before 2015 "More" led to a one-time link (`/x?fnid=...`) that no archive keeps:
    /// the list is cut there, and no statistic is worked out over the part read.
    @Test func anOldMoreLinkCutsTheList() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-hn-more-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/hackernews-eras/submissions-arc_days.html"), encoding: .utf8)
            .replacingOccurrences(of: "</table></td></tr><tr><td><img src=\"s.gif\" height=10",
                                  with: "<tr><td colspan=2></td><td class=\"title\"><a href=\"/x?fnid=Zr4Qm7\" rel=\"nofollow\">More</a></td></tr></table></td></tr><tr><td><img src=\"s.gif\" height=10")
        let file = directory.appendingPathComponent("submissions-arc_days.html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let result = try run("cpvanity", ["extract", "--site", "hackernews", "--compact", file.path])
        #expect(result.status == 1)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((record["submissions"] as? [Any])?.count == 2)
        #expect((record["stats"] as? [String: Any])?["total_points"] is NSNull)
        #expect(result.stderr.contains("stats.total_points: unknown: not every submissions page was read"), "\(result.stderr)")
    }
}

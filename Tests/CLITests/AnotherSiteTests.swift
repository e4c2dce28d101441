import Foundation
import TestSupport
import Testing

/// A site cpvanity was never told of: Fixtures/made-up/patterns/quillboard.toml, written
/// from docs/patterns.md alone (usernames as IDs; posts over three pages, the last
/// linking back to the first; a profile without its optional badges box; a member that
/// does not exist), served by the replica and read through every command.
@Suite(.serialized) struct AnotherSiteTests {
    static let patterns = repositoryRoot.appendingPathComponent("Fixtures/made-up/patterns").path
    static let pages = repositoryRoot.appendingPathComponent("Fixtures/made-up/quillboard").path
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-another-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func server() throws -> FixtureServer {
        try FixtureServer(["--patterns", Self.patterns, "--site", "quillboard"], root: Self.pages)
    }

    func site(_ server: FixtureServer) -> [String] {
        ["--patterns", Self.patterns, "--site", "quillboard", "--base-url", server.baseURL, "--rate", "0"]
    }

    @Test func aMemberIsTheNumbersOnItsPages() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try server()
        let result = try run("cpvanity", ["member", "ada_l", "bo_s", "nobody_here", "--format", "json", "--no-store"] + site(server))
        #expect(result.status == 1)  // nobody_here does not exist
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(records.map { $0["id"] as? String } == ["ada_l", "bo_s", "nobody_here"])
        let ada = records[0]
        #expect(ada["name"] as? String == "Ada Lindqvist")
        #expect(ada["karma"] as? Int == 12_408)
        #expect(ada["joined"] as? String == "2011-03-04")
        #expect(ada["badges"] as? [String: Int] == ["gold": 3, "silver": 14])
        let posts = try #require(ada["posts"] as? [[String: Any]])
        // Three pages, in page order; the third's link back to the first ends the list.
        #expect(posts.map { $0["title"] as? String } == ["Tidewater notes", "On margins", "Ink & weather", "Letters to nobody",
                                                         "A quiet index", "Small hours", "Field guide to commas", "Last light"])
        #expect(posts.map { $0["score"] as? Int } == [42, 118, 9, 77, 0, 230, 56, 12])
        #expect(posts[5]["link"] as? String == server.baseURL + "/p/106")
        // Only the statistics its pack declares, in its order.
        let stats = try #require(ada["stats"] as? [String: Any])
        #expect(stats.keys.sorted() == ["best_post", "first_post", "mean_score", "post_count", "total_score"])
        #expect(stats["post_count"] as? Int == 8)
        #expect(stats["total_score"] as? Int == 544)
        #expect(stats["mean_score"] as? Int == 68)  // 544 / 8 = 68.0
        #expect(stats["first_post"] as? String == "2015-12-24")
        #expect((stats["best_post"] as? [String: Any])?["title"] as? String == "Small hours")
        #expect((stats["best_post"] as? [String: Any])?["score"] as? Int == 230)
        #expect((ada["errors"] as? [Any])?.isEmpty == true)
        // No badges in the writer's box: none, and no problem (the box shows no badge sign).
        let bo = records[1]
        #expect(bo["badges"] as? [String: NSNull] == ["gold": NSNull(), "silver": NSNull()])
        #expect(bo["photo"] is NSNull)
        #expect((bo["stats"] as? [String: Any])?["mean_score"] as? Int == 5)
        #expect(((bo["stats"] as? [String: Any])?["best_post"] as? [String: Any])?["title"] as? String == "Hello, board")  // the first of equals
        #expect((bo["errors"] as? [Any])?.isEmpty == true)
        let nobody = records[2]
        #expect((nobody["errors"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["not_found", "not_found"])
        #expect(nobody["stats"] == nil)
        // Each page once: two for each member, and ada_l's two further pages.
        let served = try server.stats().pages.map { "\($0.source ?? "")-\($0.id ?? "")-\($0.page ?? 1)" }
        #expect(served.sorted() == ["posts-ada_l-1", "posts-ada_l-2", "posts-ada_l-3", "posts-bo_s-1", "posts-nobody_here-1",
                                    "profile-ada_l-1", "profile-bo_s-1", "profile-nobody_here-1"])
    }

    @Test func tablesUseItsLabelsAndSortByItsFields() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try server()
        let env = ["NO_COLOR": "1", "COLUMNS": "100"]
        let table = try run("cpvanity", ["member", "ada_l", "--format", "table", "--no-store"] + site(server), environment: env)
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "Ada Lindqvist (ada_l)  Quillboard",
            "Photo \(server.baseURL)/avatars/ada_l.png",
            "Karma 12,408",
            "Joined 2011-03-04",
            "Gold badges 3 · Silver badges 14",
            "Posts 8 · Total score 544 · Mean score 68.0 · First post 2015-12-24",
            "Best post Small hours (Score 230)",
            "Posts (8, by Score)",
            "  Title                  Score  Replies  Posted",
            "  Small hours              230       41  2016-09-03",
            "  On margins               118       12  2020-01-15",
            "  Letters to nobody         77        3  2017-06-21",
            "  Field guide to commas     56        5  2015-12-24",
            "  Tidewater notes           42        7  2019-05-02",
            "  Last light                12        2  2022-07-19",
            "  Ink & weather              9        0  2018-11-30",
            "  A quiet index              0        1  2021-02-08",
            "  total                    544       71",
        ])
        // The row command, sorted by a date (newest first) and by text (A to Z).
        let byDate = try run("cpvanity", ["rows", "ada_l", "--sort", "posted", "--limit", "2", "--format", "markdown", "--no-store"] + site(server))
        #expect(byDate.stdout == """
            ### Ada Lindqvist (ada_l)

            | Title | Score | Replies | Posted |
            | --- | ---: | ---: | --- |
            | [Last light](\(server.baseURL)/p/108) | 12 | 2 | 2022-07-19 |
            | [A quiet index](\(server.baseURL)/p/105) | 0 | 1 | 2021-02-08 |
            | **total of 2** | **12** | **3** |  |

            """)
        let byTitle = try run("cpvanity", ["rows", "bo_s", "--sort", "title", "--format", "csv", "--no-store"] + site(server))
        #expect(byTitle.stdout == "id,name,title,link,score,replies,posted,error\r\n"
                + "bo_s,Bo Sandoval,\"Hello, board\",\(server.baseURL)/p/201,5,1,2023-03-03,\r\n"
                + "bo_s,Bo Sandoval,Second thoughts,\(server.baseURL)/p/202,5,0,2023-04-10,\r\n")
        // A field the list does not have: a usage error with its likely meaning, nothing fetched.
        let before = try server.stats().requests
        let typo = try run("cpvanity", ["rows", "ada_l", "--sort", "scroe"] + site(server))
        #expect(typo.status == 64)
        #expect(typo.stderr == """
            cpvanity: --sort takes a field of the posts list; 'scroe' is not one (did you mean score?). Choose from title, link, score, replies, posted.
              See 'cpvanity rows --help' for more information.

            """)
        #expect(try server.stats().requests == before)
    }

    @Test func batchToCSVReportAndHistory() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try server()
        let ids = directory.appendingPathComponent("writers.txt").path
        try "ada_l\nbo_s\nnobody_here\nNot A Name\n".write(toFile: ids, atomically: true, encoding: .utf8)
        let csv = directory.appendingPathComponent("writers.csv").path
        let db = directory.appendingPathComponent("history.sqlite").path
        let batch = try run("cpvanity", ["batch", "--ids", ids, "--output", csv, "--db", db] + site(server))
        #expect(batch.status == 1)
        #expect(batch.stderr.contains("Not A Name"))
        let rows = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(rows[0] == "id,site,fetched_at,name,photo,karma,joined,badges.gold,badges.silver,stats.post_count,stats.total_score,"
                + "stats.mean_score,stats.best_post.title,stats.best_post.link,stats.first_post,error")
        #expect(rows[1].hasPrefix("ada_l,quillboard,"))
        #expect(rows[1].hasSuffix(",Ada Lindqvist,\(server.baseURL)/avatars/ada_l.png,12408,2011-03-04,3,14,8,544,68,Small hours,\(server.baseURL)/p/106,2015-12-24,"))
        #expect(rows[2].hasSuffix(",Bo Sandoval,,87,2023-01-02,,,2,10,5,\"Hello, board\",\(server.baseURL)/p/201,2023-03-03,"))
        #expect(rows[3].hasPrefix("nobody_here,quillboard,"))
        #expect(rows[3].contains(",,,,,,,,,,,,not_found"))

        // Again, a day's news later: the history holds two points, and the report is the pack's.
        let report = directory.appendingPathComponent("writers.html").path
        let made = try run("cpvanity", ["report", "ada_l", "bo_s", "--output", report, "--db", db] + site(server))
        #expect(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        for heading in ["<h2>Side by side</h2>", "<h3>Karma over time</h3>", "<h3>Posts</h3>", "<h3>Posts per year (posted)</h3>"] {
            #expect(html.contains(heading), "no \(heading)")
        }
        #expect(html.contains("<th>Karma</th><th>Posts</th><th>Total score</th>"))
        #expect(html.contains("<figcaption>Score per post</figcaption>"))
        #expect(html.contains("<button type=\"button\">Replies</button>"))
        #expect(html.contains("<a href=\"\(server.baseURL)/avatars/ada_l.png\">photo</a>"))
        for word in ["reputation", "Reputation", "article", "Article", "views", "CodeProject"] {
            #expect(!html.contains(word), "the report says '\(word)'")
        }
        let history = try run("cpvanity", ["history", "ada_l", "--patterns", Self.patterns, "--site", "quillboard", "--db", db,
                                           "--field", "karma", "--field", "stats.total_score", "--format", "csv"])
        #expect(history.status == 0)
        let points = history.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(points.first == "id,time,last_seen,karma,stats.total_score")
        // The second lookup saw the same numbers: one snapshot, seen until then.
        #expect(points.count == 2)
        #expect(points[1].hasPrefix("ada_l,") && points[1].hasSuffix(",12408,544"))
        let table = try run("cpvanity", ["history", "ada_l", "--patterns", Self.patterns, "--site", "quillboard", "--db", db,
                                         "--format", "markdown"])
        #expect(table.stdout.contains("| time | Karma | Joined | Gold badges | Total score |"))
        let rowHistory = try run("cpvanity", ["history", "ada_l", "--rows", "--patterns", Self.patterns, "--site", "quillboard", "--db", db,
                                              "--format", "csv"])
        #expect(rowHistory.stdout.components(separatedBy: "\r\n").first == "id,key,title,time,last_seen,score,replies")
        #expect(rowHistory.stdout.components(separatedBy: "\r\n")[1].hasPrefix("ada_l,/p/106,Small hours,"))
    }

    /// A list longer than the pack's `max_pages` is cut there, with a warning; every page
    /// read is saved under its own name, and `extract` and `patterns check` read them back.
    @Test func maxPagesSavedPagesAndTheCheck() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try server()
        let packs = directory.appendingPathComponent("packs").path
        try FileManager.default.createDirectory(atPath: packs, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: "\(Self.patterns)/quillboard.toml", encoding: .utf8)
        try text.replacingOccurrences(of: "max_pages = 10", with: "max_pages = 2").write(toFile: "\(packs)/quillboard.toml", atomically: true, encoding: .utf8)
        let saved = directory.appendingPathComponent("saved").path
        try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)
        let result = try run("cpvanity", ["member", "ada_l", "--patterns", packs, "--site", "quillboard", "--base-url", server.baseURL,
                                          "--rate", "0", "--no-store", "--save-pages", saved, "--json", "posts"])
        #expect(result.status == 0)
        #expect(result.stderr == "cpvanity: warning: member ada_l: the posts pages go on past 2 (the source's max_pages); the first 2 were read (raise max_pages in the pack to read more)\n")
        let record = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first)
        #expect((record["posts"] as? [Any])?.count == 6)
        #expect(try FileManager.default.contentsOfDirectory(atPath: saved).sorted() == ["posts-ada_l-p2.html", "posts-ada_l.html", "profile-ada_l.html"])
        // The saved pages read back as one record, the further page after the first.
        let extracted = try run("cpvanity", ["extract", "--patterns", Self.patterns, "--site", "quillboard", "--compact",
                                             "\(saved)/posts-ada_l-p2.html", "\(saved)/posts-ada_l.html"])
        let posts = try #require((try JSONSerialization.jsonObject(with: Data(extracted.stdout.utf8)) as? [String: Any])?["posts"] as? [[String: Any]])
        #expect(posts.map { $0["title"] as? String } == ["Tidewater notes", "On margins", "Ink & weather", "Letters to nobody", "A quiet index", "Small hours"])
        // The made-up site's fixtures, every page of them, against their expected records.
        let check = try run("cpvanity", ["patterns", "check", "--patterns", Self.patterns, "--site", "quillboard", "--fixtures", Self.pages])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.hasSuffix("PASS: 27 ok over 3 fixtures\n"))
        // A directory holding one pack needs no --site.
        let alone = try run("cpvanity", ["patterns", "check", "--patterns", Self.patterns, "--fixtures", Self.pages])
        #expect(alone.status == 0 && alone.stdout == check.stdout, "\(alone.stderr)")
    }
}

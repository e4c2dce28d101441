import Foundation
import TestSupport
import Testing

/// The archive commands as a user runs them, against the replica's archive.
@Suite(.serialized) struct ArchiveCommandTests {
    let directory: URL
    let archive = repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cpvanity(_ arguments: [String]) throws -> CommandResult {
        try run("cpvanity", arguments)
    }

    @Test func aMemberAsOfAMonthAndBeforeTheFirstCapture() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", archive])
        defer { server.stop() }
        let result = try cpvanity(["member", "48201", "--as-of", "2014-01", "--archive", server.baseURL, "--archive-rate", "50",
                                   "--no-store", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first)
        #expect((record["reputation"] as? [String: Any])?["total"] as? Int == 250_310)
        #expect(record["archived_at"] as? [String: String] == ["articles": "2014-01-12T10:15:00Z", "profile": "2014-01-10T09:30:00Z"])
        #expect((record["sources"] as? [String: String])?["profile"]
                == "\(server.baseURL)/web/20140110093000id_/https://www.codeproject.com/script/Membership/View.aspx?mid=48201")

        let early = try cpvanity(["member", "48201", "--as-of", "2005-06", "--archive", server.baseURL, "--archive-rate", "50", "--no-store"])
        #expect(early.status == 1)
        #expect(early.stderr.contains("the archive's first capture of https://www.codeproject.com/script/Membership/View.aspx?mid=48201 is from 2008-03-15, after 2005-06-01; ask for a date from 2008-03-15 on"), "\(early.stderr)")
        // An index the pack does not declare is refused, naming the pack file.
        let packs = directory.appendingPathComponent("packs")
        try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
        let pack = try String(contentsOf: repositoryRoot.appendingPathComponent("patterns/codeproject.toml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("timemap = ") }.joined(separator: "\n")
        try pack.write(to: packs.appendingPathComponent("codeproject.toml"), atomically: true, encoding: .utf8)
        let noTimeMap = try cpvanity(["member", "48201", "--patterns", packs.path, "--as-of", "2014", "--archive-index", "timemap",
                                      "--archive", server.baseURL, "--no-store"])
        #expect(noTimeMap.status == 2)
        #expect(noTimeMap.stderr.contains("--archive-index timemap: the codeproject pack's [archive] has no timemap endpoint"), "\(noTimeMap.stderr)")
        // A backfill the archive cannot answer prints the history it has and exits 1.
        let dead = try cpvanity(["history", "48201", "--backfill", "--archive", "http://127.0.0.1:1", "--retries", "0", "--verbose",
                                 "--db", directory.appendingPathComponent("dead.sqlite").path, "--format", "csv"])
        #expect(dead.status == 1)
        // --retries holds for the archive too: 0 is one attempt (it was raised to 3 without a word).
        #expect(!dead.stderr.contains("retry 1 of"), "\(dead.stderr)")
        #expect(dead.stderr.contains("cpvanity: backfill 48201: 0 years with captures · 0 stored · 0 already stored · 1 failed"), "\(dead.stderr)")
        let bad = try cpvanity(["member", "48201", "--as-of", "June"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--as-of takes a date like 2014, 2014-01, 2014-01-10"))
    }

    /// What the archive says for itself, each said plainly, naming the archive and the
    /// page, exit 1: never read as a member's page, nor as "no captures".
    @Test func blockedExcludedAndNotArchivedPagesSaySo() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", archive])
        defer { server.stop() }
        func said(_ id: String, index: String = "cdx") throws -> (status: Int32, stderr: String) {
            let result = try cpvanity(["member", id, "--as-of", "2014", "--archive", server.baseURL, "--archive-rate", "50",
                                       "--archive-index", index, "--no-store", "--format", "json"])
            return (result.status, result.stderr)
        }
        let profile = { (id: String) in "https://www.codeproject.com/script/Membership/View.aspx?mid=\(id)" }
        let blocked = try said("424242")
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("the archive \(server.baseURL) will not show \(profile("424242")): Blocked Site Error (the site is blocked from it); another archive may have it"), "\(blocked.stderr)")
        // What to do is the command line's to say, once, after the members; a blocked
        // page is no matter of pace or skew, so neither is offered.
        #expect(blocked.stderr.hasSuffix("cpvanity: hint: another archive (--archive) may have the pages\n"))
        let robots = try said("535353")
        #expect(robots.status == 1)
        #expect(robots.stderr.contains("the archive \(server.baseURL) will not show \(profile("535353")): Blocked By Robots (the site's robots.txt hides its copies)"), "\(robots.stderr)")
        // Excluded: the archive lists captures, then answers each with its page saying so (a 200).
        let excluded = try said("646464")
        #expect(excluded.status == 1)
        #expect(excluded.stderr.contains("says \(profile("646464")) is excluded from it; another archive may have it"), "\(excluded.stderr)")
        #expect(!excluded.stderr.contains("extraction"))
        // Not archived: by TimeMap, the archive's "has not archived that URL" page.
        let unknown = try said("777777", index: "timemap")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("the archive \(server.baseURL) has not archived \(profile("777777"))"), "\(unknown.stderr)")
        // The archive's 429 (here with a Retry-After of 2 s; without one, a minute): every
        // request to it pauses, the refused one is sent once more after the pause.
        let busy = try FixtureServer(["--archive", archive, "--archive-busy", "1", "--retry-after", "2"])
        defer { busy.stop() }
        let waited = try cpvanity(["member", "48201", "--as-of", "2019", "--archive", busy.baseURL, "--archive-rate", "50", "--no-store",
                                   "--json", "reputation"])
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(waited.stderr.contains("answered 429 (too many requests): every request to it pauses 2 s"), "\(waited.stderr)")
        let answers = try busy.stats().log.filter { $0.path.hasPrefix("/web/") }.sorted { $0.start_ms < $1.start_ms }
        #expect(answers.first?.status == 429)
        // One request was on its way already (the other page's, sent with it); every later one waited out the pause.
        let first = answers.first?.start_ms ?? 0
        #expect(answers.dropFirst(2).allSatisfy { $0.start_ms - first >= 2_000 - 50 }, "\(answers.map { Int($0.start_ms - first) })")
        // The profile's capture at 2019-01-01 is the site's 403: its index is asked, and May's read.
        #expect(answers.compactMap(\.status).sorted() == [200, 200, 302, 403, 429])
    }

    /// A backfill stopped with Ctrl-C keeps what it stored; run again, it fetches only
    /// what is missing; the history lists the archived points by capture time, then the live ones.
    @Test func aBackfillSurvivesCtrlCAndResumesWithoutRefetching() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", archive])
        defer { server.stop() }
        let db = directory.appendingPathComponent("history.sqlite").path
        #expect(try cpvanity(["member", "48201", "--base-url", server.baseURL, "--db", db]).status == 0)
        let backfill = ["history", "48201", "--backfill", "--every", "year", "--archive", server.baseURL, "--archive-rate", "2", "--db", db,
                        "--field", "reputation.total", "--format", "csv"]
        // The stopped run and the rerun are one user's: one machine's budget and kept answers.
        let machine = ["CPVANITY_BUDGETS": directory.appendingPathComponent("budgets").path]
        let process = startedCommand(backfill, environment: machine)
        try process.run()
        // Stopped once the second year's captures are being read: the first year is
        // stored by then (the replica's log is cheap to ask; a process a poll is not).
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline {
            // Each capture is asked in the page's own form, which the archive serves: two requests a year.
            if try server.stats().log.filter({ $0.path.hasPrefix("/web/2") }).count >= 3 { break }
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let stopped = try cpvanity(["history", "48201", "--db", db, "--format", "csv"]).stdout.split(whereSeparator: \.isNewline).count
        #expect((3...4).contains(stopped), "a header, the live point and one or two archived ones")

        let again = try run("cpvanity", backfill, environment: machine)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("4 years with captures"), "\(again.stderr)")
        // Each archived point names its captures; the live lookup's `archived` is empty.
        #expect(again.stdout == """
            id,time,last_seen,reputation.total,archived\r
            48201,2008-03-16T08:30:00Z,2008-03-16T08:30:00Z,312,articles@20080316083000 profile@20080315120000\r
            48201,2014-01-12T10:15:00Z,2014-01-12T10:15:00Z,250310,articles@20140112101500 profile@20140110093000\r
            48201,2016-04-11T00:00:00Z,2016-04-11T00:00:00Z,262004,articles@20160411000000 profile@20160410000000\r
            48201,2019-05-20T10:10:10Z,2019-05-20T10:10:10Z,980120,articles@20190520101010 profile@20190520101010\r

            """ + again.stdout.split(separator: "\r\n").last.map { String($0) + "\r\n" }!)
        #expect(again.stdout.split(separator: "\r\n").last?.hasSuffix(",1204873,") == true)
        // Each capture was fetched once, over both runs: four years, two pages.
        #expect(try server.stats().log.filter { $0.path.hasPrefix("/web/2") }.count == 8)
    }

    @Test func trackedMembersAreBackfilledInOneGo() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", archive])
        defer { server.stop() }
        let db = directory.appendingPathComponent("tracked.sqlite").path
        #expect(try cpvanity(["track", "add", "48201", "7315", "--db", db]).status == 0)
        let result = try cpvanity(["refresh", "--backfill", "--every", "year", "--from", "2008", "--to", "2014", "--archive", server.baseURL,
                                   "--archive-rate", "50", "--db", db])
        // 7315 was never captured: a failure for that member, the others' history kept.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cpvanity: backfill 48201: 2 years with captures · 2 stored · 0 already stored · 0 failed"), "\(result.stderr)")
        #expect(result.stderr.contains("cpvanity: warning: backfill 7315: the archive has no capture of its pages from 2008-01-01 to 2014-12-31; nothing stored\n"),
                "\(result.stderr)")
        // The index's and the captures' fetchers ask the archive's robots.txt once between them.
        #expect(try server.stats().log.filter { $0.path == "/robots.txt" }.count == 1)
        let history = try cpvanity(["history", "48201", "--db", db, "--field", "reputation.total", "--format", "csv"])
        #expect(history.stdout.split(whereSeparator: \.isNewline).map { $0.split(separator: ",").dropFirst(3).joined(separator: ",") }
                == ["reputation.total,archived", "312,articles@20080316083000 profile@20080315120000",
                    "250310,articles@20140112101500 profile@20140110093000"])
        // JSON says which points came from the archive, and from which captures.
        let json = try cpvanity(["history", "48201", "--db", db, "--field", "reputation.total", "--format", "json"])
        let series = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        let points = try #require(series["points"] as? [[String: Any]])
        #expect(points.map { $0["archived"] as? String } == ["articles@20080316083000 profile@20080315120000", "articles@20140112101500 profile@20140110093000"])
        let table = try cpvanity(["history", "48201", "--db", db, "--field", "reputation.total", "--format", "table"])
        #expect(table.stdout.contains("2008-03-16T08:30:00Z archived"), "\(table.stdout)")
    }

    /// A backfill against an archive that never answers stops after ten members in a
    /// row instead of spending each one's retries (those already under way finish), and
    /// the members with no history are named in one line.
    @Test func aBackfillStopsWhenTheArchiveNeverAnswers() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("dead.sqlite").path
        let ids = (100_001...100_024).map(String.init)
        let result = try cpvanity(["history"] + ids + ["--backfill", "--archive", "http://127.0.0.1:9", "--db", db, "--format", "csv"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let done = lines.filter { $0.hasPrefix("cpvanity: backfill ") }
        // In list order, eight at a time: the first ten, and those under way when the tenth said so.
        #expect((10...17).contains(done.count), "\(done)")
        #expect(done == ids.prefix(done.count).map { "cpvanity: backfill \($0): 0 years with captures · 0 stored · 0 already stored · 1 failed" })
        let stop = try #require(lines.first { $0.hasPrefix("cpvanity: warning: stopped: 10 members in a row got no answer") }, "\(result.stderr)")
        #expect(stop.hasSuffix("the \(24 - done.count) members left are not backfilled; run again when it is back"), "\(stop)")
        #expect(stop.contains("(the archive could not be reached: cannot connect to 127.0.0.1:9 after 3 retries; is the server up and reachable from here?)"))
        #expect(lines.contains("cpvanity: warning: no history for 24 members (100001, 100002, 100003, ...); look them up first (cpvanity member 100001)"))
        #expect(!result.stderr.contains("member \(ids[done.count]):"))
    }
}

/// Archived pages take the path live pages take: saved when asked, checked whole.
@Suite(.serialized) struct ArchivedPagesCommandTests {
    @Test func savePagesKeepsEveryCaptureReadAndACutCaptureIsAnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-archive-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appendingPathComponent("saved")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        let fixtures = repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive")
        let server = try FixtureServer(["--archive", fixtures.path])
        defer { server.stop() }
        let result = try run("cpvanity", ["member", "48201", "--as-of", "2014-01", "--archive", server.baseURL, "--archive-rate", "50",
                                          "--no-store", "--save-pages", saved.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: saved.path).sorted() == ["articles-48201.html", "profile-48201.html"])
        // The bytes as the archive holds them, not re-encoded.
        #expect(FileManager.default.contents(atPath: saved.appendingPathComponent("profile-48201.html").path)
                == FileManager.default.contents(atPath: fixtures.appendingPathComponent("20140110093000/profile-48201.html").path))

        // The same archive with the profile's capture cut before its end.
        let cut = directory.appendingPathComponent("archive")
        try FileManager.default.copyItem(at: fixtures, to: cut)
        let capture = cut.appendingPathComponent("20140110093000/profile-48201.html")
        let whole = try Data(contentsOf: capture)
        try whole.prefix(whole.count / 2).write(to: capture)
        let cutServer = try FixtureServer(["--archive", cut.path])
        defer { cutServer.stop() }
        let short = try run("cpvanity", ["member", "48201", "--as-of", "2014-01", "--archive", cutServer.baseURL, "--archive-rate", "50",
                                         "--no-store", "--format", "json"])
        #expect(short.status == 1, "\(short.stderr)")
        #expect(short.stderr.contains("the page ends early (\(whole.count / 2) bytes, without '</html>'): cut short in transit or as the archive holds it"),
                "\(short.stderr)")
    }
}

import Foundation
import TestSupport
import Testing

/// A run that stops (Ctrl-C, a signal, a kill) keeps what it did, leaves nothing that
/// holds up the next run, and the next run starts at once.
@Suite(.serialized) struct StoppedRunTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-stopped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A resume right after Ctrl-C (or a kill) starts at once: the stopped run gave back
    /// the slots it had booked in the machine's budget (a killed one's are void with it),
    /// and the site's robots.txt is kept from it, so at --rate 1 the first page is asked
    /// a second at most after the stopped run's last request: within 2 s of the start,
    /// the start of a debug build on a busy machine counted (1.4 s seen in a fresh clone's
    /// run). It used to wait out the stopped run's booked slots: 7.7 s, and 32 s with 40
    /// members.
    @Test(arguments: [SIGINT, SIGKILL])
    func aResumeRightAfterAStopAsksItsFirstPageAtOnce(_ signal: Int32) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer([])
        try (200_001...200_040).map(String.init).joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let arguments = ["batch", "--base-url", server.baseURL, "--rate", "1", "--retries", "0", "--no-store",
                         "--ids", path("ids.txt"), "--output", path("out.csv")]
        // The two runs share one machine's budget, as two runs of a user's do.
        let budgets = ["CPVANITY_BUDGETS": path("budgets")]
        let stopped = startedCommand(arguments, environment: budgets)
        try stopped.run()
        let deadline = Date().addingTimeInterval(30)
        while try server.stats().pages.count < 3 && Date() < deadline { usleep(20_000) }
        kill(stopped.processIdentifier, signal)
        stopped.waitUntilExit()
        usleep(300_000)
        let asked = try server.stats().pages.count
        let resumed = startedCommand(arguments + ["--resume"], environment: budgets)
        let started = Date()
        try resumed.run()
        while try server.stats().pages.count == asked && Date() < deadline { usleep(10_000) }
        let waited = Date().timeIntervalSince(started)
        kill(resumed.processIdentifier, SIGKILL)
        resumed.waitUntilExit()
        #expect(waited < 2, "the resume's first page came \(waited) s after its start")
        // Its first request was that page: robots.txt was kept from the stopped run.
        #expect(try server.stats().log.filter { $0.path == "/robots.txt" }.count == 1)
    }

    /// Archive work on a terminal: a backfill shows what it asks of the archive within
    /// 2 s (it once ran 18 s without a word); its captures are read while the index lists
    /// later ones; Ctrl-C after a few seconds stops within a second (it took 13.7 s, and
    /// kept nothing), every point read stored and said; the rerun asks the index only for
    /// the pages the first run did not read, and the archive only for the captures it lacks.
    @Test func aBackfillShowsItsProgressAndCtrlCKeepsWhatItRead() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path])
        let backfill = ["history", "48201", "--backfill", "--every", "year", "--archive", server.baseURL, "--archive-rate", "2",
                        "--db", path("history.sqlite"), "--format", "csv"]
        let environment = ["CPVANITY_BUDGETS": path("budgets"), "NO_COLOR": "1"]
        let session = try TerminalSession(backfill, environment: environment)
        let shown = session.seconds(until: "backfill 0/1 member")
        #expect(shown.map { $0 < 2 } == true, "the first progress line came after \(shown ?? -1) s: \(session.screen.debugDescription)")
        // Stopped once some year's captures are being read: a point is stored by then.
        let deadline = Date().addingTimeInterval(30)
        while try server.stats().log.filter({ $0.path.hasPrefix("/web/2") }).count < 3 && Date() < deadline { usleep(20_000) }
        let (took, status) = session.stop(with: SIGINT)
        #expect(status == 130)
        #expect(took < 1, "Ctrl-C took \(took) s")
        let points = try run("cpvanity", ["history", "48201", "--db", path("history.sqlite"), "--format", "csv"]).stdout
            .split(whereSeparator: \.isNewline).count - 1
        #expect(points >= 1)
        #expect(session.screen.contains("backfill interrupted: \(points) point\(points == 1 ? "" : "s") stored; the captures and listings read are kept"),
                "\(session.screen.debugDescription)")
        let before = try server.stats().log
        let again = try run("cpvanity", backfill, environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("backfill 48201: 4 years with captures · \(4 - points) stored · \(points) already stored · 0 failed"),
                "\(again.stderr)")
        let asked = try server.stats().log.dropFirst(before.count)
        // Each of the index's pages read once over the two runs: as many as a whole listing
        // takes (counted by a run of its own, with nothing kept).
        let whole = try run("cpvanity", backfill.map { $0 == path("history.sqlite") ? path("whole.sqlite") : $0 },
                            environment: ["CPVANITY_BUDGETS": path("other-budgets"), "NO_COLOR": "1"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let listing = try server.stats().log.dropFirst(before.count + asked.count).count { $0.path.hasPrefix("/cdx") }
        let readBefore = before.count { $0.path.hasPrefix("/cdx") && $0.status == 200 }
        #expect(readBefore + asked.count { $0.path.hasPrefix("/cdx") } == listing, "index pages: \(readBefore) then \(asked.map(\.path)), a whole listing \(listing)")
        let captures = asked.filter { $0.path.hasPrefix("/web/2") }.map(\.path)
        #expect(Set(captures).count == captures.count && captures.count <= 2 * (4 - points), "\(captures)")
    }
}

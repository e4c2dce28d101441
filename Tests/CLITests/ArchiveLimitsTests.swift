import Foundation
import TestSupport
import Testing

/// The archive's real limits, against a stand-in that enforces them (`fixture-site
/// --archive-limits`: its own 429 over a limit, a block after a window of ignored
/// 429s). Time runs ten times faster here than at the Wayback Machine: a 6-second
/// window, and a pack asking 4 index and 80 playback requests a second (the advised
/// 0.4 and 8, times ten), so the same arithmetic takes seconds, not minutes; the
/// benchmark (`cpvanity-bench archive`) runs it at the real scale.
@Suite(.serialized) struct ArchiveLimitsTests {
    static let indexRate = 4.0, playbackRate = 80.0
    /// 24 members with a capture of both pages in each year 2010-2019.
    static let members = (9001...9024).map(String.init)

    /// The archive of captures and the pack, written once for the suite.
    static let setUp: (archive: String, patterns: String) = {
        let root = URL(fileURLWithPath: testScratch).appendingPathComponent("limits")
        let archive = root.appendingPathComponent("archive"), patterns = root.appendingPathComponent("patterns")
        let fixtures = repositoryRoot.appendingPathComponent("Fixtures/codeproject")
        let manager = FileManager.default
        try? manager.createDirectory(at: patterns, withIntermediateDirectories: true)
        for year in 2010...2019 {
            let folder = archive.appendingPathComponent("\(year)0615120000")
            try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for id in members {
                for source in ["profile", "articles"] {
                    try? manager.copyItem(at: fixtures.appendingPathComponent("\(source)-48201.html"), to: folder.appendingPathComponent("\(source)-\(id).html"))
                }
            }
        }
        let pack = (try? String(contentsOf: repositoryRoot.appendingPathComponent("patterns/codeproject.toml"), encoding: .utf8)) ?? ""
        let scaled = pack.replacingOccurrences(of: "\nindex_rate = 0.4\n", with: "\nindex_rate = 4\n")
            .replacingOccurrences(of: "\nplayback_rate = 8\n", with: "\nplayback_rate = 80\npause_after_429 = 6\n")
        try? scaled.write(to: patterns.appendingPathComponent("codeproject.toml"), atomically: true, encoding: .utf8)
        return (archive.path, patterns.path)
    }()

    func standIn(_ more: [String] = []) throws -> FixtureServer {
        try FixtureServer(["--archive", Self.setUp.archive, "--archive-limits", "--archive-window", "6", "--archive-page-size", "1000"] + more)
    }

    /// The requests of each kind the stand-in saw, and 429s among them.
    func counts(_ server: FixtureServer) throws -> (index: Int, playback: Int, refused: Int) {
        let log = try server.stats().log.filter { $0.source?.hasPrefix("archive:") == true }
        return (log.filter { $0.source != "archive:capture" }.count, log.filter { $0.source == "archive:capture" }.count,
                log.filter { $0.status == 429 || $0.status == 403 }.count)
    }

    /// The least time the two budgets allow for the requests made: each kind at its own rate, side by side.
    func ideal(_ made: (index: Int, playback: Int, refused: Int)) -> Double {
        max(Double(made.index) / Self.indexRate, Double(made.playback) / Self.playbackRate)
    }

    func backfill(_ server: FixtureServer, db: String, budgets: String) throws -> CommandResult {
        try run("cpvanity", ["history"] + Self.members.prefix(12) + ["--backfill", "--every", "year", "--archive", server.baseURL,
                                                                    "--patterns", Self.setUp.patterns, "--db", db, "--format", "csv"],
                environment: ["CPVANITY_BUDGETS": budgets])
    }

    @Test func aDecadesBackfillOfTwelveMembersKeepsToBothBudgets() throws {
        let server = try standIn()
        defer { server.stop() }
        let db = testScratch + "/limits-\(UUID().uuidString).sqlite"
        let started = Date()
        let result = try backfill(server, db: db, budgets: testScratch + "/budgets-\(UUID().uuidString)")
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "10 years with captures · 10 stored").count - 1 == 12, "\(result.stderr)")
        let made = try counts(server)
        #expect(made.refused == 0)
        // Two index requests a member (a page each), one capture a page a year.
        #expect(made.index == 24 && made.playback == 240, "\(made)")
        #expect(took <= 1.3 * ideal(made) + 2, "took \(took) s for \(made), ideal \(ideal(made)) s")
    }

    /// Two backfills started at once on one machine share its address's budget: no 429.
    @Test func twoBackfillsAtOnceShareTheMachinesBudget() throws {
        let server = try standIn()
        defer { server.stop() }
        let budgets = testScratch + "/budgets-\(UUID().uuidString)"
        let dbs = (0..<2).map { _ in testScratch + "/limits-\(UUID().uuidString).sqlite" }
        let started = Date()
        let box = ResultsBox(count: dbs.count)
        DispatchQueue.concurrentPerform(iterations: dbs.count) { index in
            box.set(index, Result { try backfill(server, db: dbs[index], budgets: budgets) })
        }
        let results = try box.all.map { try $0.get() }
        let took = Date().timeIntervalSince(started)
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let made = try counts(server)
        #expect(made.refused == 0, "\(made)")
        // Each backfill's 24 listings and 240 captures at most; what one kept, the other
        // may take without asking (the machine's kept answers are shared as its budget is).
        #expect((24...48).contains(made.index) && (240...480).contains(made.playback), "\(made)")
        #expect(took <= 1.3 * ideal(made) + 2, "took \(took) s for \(made), ideal \(ideal(made)) s")
    }

    /// A lookup as of a date costs playback requests only: each page asked for at the
    /// date, and the archive's own redirect to the nearest capture followed.
    @Test func membersAsOfADateCostPlaybackAlone() throws {
        let server = try standIn()
        defer { server.stop() }
        let started = Date()
        let result = try run("cpvanity", ["member"] + Self.members + ["--as-of", "2014-07", "--archive", server.baseURL, "--patterns", Self.setUp.patterns,
                                                                     "--no-store", "--json", "id,archived_at"])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(records.map { $0["id"] as? String } == Self.members)
        // Each member's nearest capture: June 2014's, for July.
        #expect(records.allSatisfy { ($0["archived_at"] as? [String: String]) == ["profile": "2014-06-15T12:00:00Z", "articles": "2014-06-15T12:00:00Z"] },
                "\(records.prefix(2))")
        let made = try counts(server)
        #expect(made.refused == 0 && made.index == 0 && made.playback == 24 * 2 * 2, "\(made)")
        #expect(took <= 1.3 * Double(24 * 2 * 2) / Self.playbackRate + 2, "took \(took) s")
    }

    /// Over the limit anyway (a stand-in allowing 3 captures a window): the first 429
    /// pauses every archive request (the pack's pause, 6 s here), a second within a
    /// minute of it ends the archive part of the run with one line, and the members
    /// left are recorded as not looked up. Nothing reaches the archive in the pause,
    /// nor after the second 429.
    @Test func aSecond429EndsTheArchivePartOfTheRun() throws {
        let server = try standIn(["--archive-playback-limit", "3"])
        defer { server.stop() }
        let result = try run("cpvanity", ["member"] + Self.members.prefix(6) + ["--as-of", "2014-03", "--archive", server.baseURL,
                                                                               "--patterns", Self.setUp.patterns, "--no-store", "--format", "csv",
                                                                               "--columns", "id,reputation.total"])
        #expect(result.status == 1)
        let stops = result.stderr.split(separator: "\n").filter { $0.contains("stopped starting lookups:") }
        #expect(stops.count == 1, "\(result.stderr)")
        #expect(stops.first?.contains("answered 429 (too many requests) again within a minute of the pause for its last one") == true, "\(result.stderr)")
        #expect(stops.first?.contains("try again after") == true)
        #expect(result.stderr.contains("every request to it pauses 6 s"), "\(result.stderr)")
        let log = try server.stats().log.filter { $0.source == "archive:capture" }.sorted { $0.start_ms < $1.start_ms }
        let refused = log.filter { $0.status == 429 }
        let first = try #require(refused.first), last = try #require(refused.last)
        // Sent before the first 429 came back, or after its pause; none in between.
        #expect(log.allSatisfy { $0.start_ms <= first.end_ms ?? first.start_ms || $0.start_ms >= first.start_ms + 6_000 - 50 },
                "\(log.map { "\(Int($0.start_ms - first.start_ms)) \($0.status ?? 0)" })")
        // Nothing after the second 429 but what was on its way with it.
        #expect(log.filter { $0.start_ms > (last.end_ms ?? last.start_ms) }.isEmpty, "\(log.map { "\(Int($0.start_ms - first.start_ms)) \($0.status ?? 0)" })")
        #expect(try server.stats().log.allSatisfy { $0.status != 403 })
        let rows = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
        #expect(rows.count == 6)
    }
}

/// Results of commands run side by side.
final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<CommandResult, Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<CommandResult, Error>) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    var all: [Result<CommandResult, Error>] { results.map { $0 ?? .failure(CancellationError()) } }
}

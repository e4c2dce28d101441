import Foundation
import Logging
@testable import Scraper
import Testing

/// A public service's budget: a 429 is one pause and one more try, never a loop; and
/// every process on the machine books its requests in one place.
@Suite struct ArchiveBudgetTests {
    let clock = ContinuousClock()

    @Test func aPauseThenAResendThenAStop() {
        let guardian = TooManyRequestsPause(pause: 60, longest: 600, state: FetchState(), logger: Logger(label: "test"))
        let t0 = clock.now
        // The first 429: every request pauses a minute (no Retry-After, as the archive's come).
        #expect(guardian.verdict(host: "a", retryAfter: nil, sent: t0, now: t0 + .milliseconds(100)) == .pause(60))
        // A request sent before the pause began is the same episode: sent again after it.
        #expect(guardian.verdict(host: "a", retryAfter: nil, sent: t0 + .milliseconds(50), now: t0 + .seconds(1)) == .resend(after: 59.1))
        #expect(guardian.refusal == nil)
        // Sent after the pause, refused again within a minute of its end: every request stops.
        let wall = Date(timeIntervalSince1970: 1_764_100_000)  // 2025-11-25 19:46:40 UTC
        guard case .refuse(let why) = guardian.verdict(host: "a", retryAfter: nil, sent: t0 + .seconds(61), now: t0 + .seconds(61), wallClock: wall) else {
            Issue.record("a second 429 did not stop the requests")
            return
        }
        #expect(why.hasPrefix("a answered 429 (too many requests) again within a minute of the pause for its last one;"))
        #expect(why.contains("try again after 19:51 UTC"))
        #expect(guardian.refusal == why)
        #expect(guardian.verdict(host: "a", retryAfter: nil, sent: t0 + .seconds(62), now: t0 + .seconds(62)) == .refuse(why))
    }

    @Test func aRetryAfterSetsThePauseAndALaterEpisodeStartsAgain() {
        let guardian = TooManyRequestsPause(pause: 60, longest: 600, state: FetchState(), logger: Logger(label: "test"))
        let t0 = clock.now
        #expect(guardian.verdict(host: "a", retryAfter: 5, sent: t0, now: t0) == .pause(5))
        // Long after the pause and the minute that watches it: a new episode, not a stop.
        #expect(guardian.verdict(host: "a", retryAfter: nil, sent: t0 + .seconds(100), now: t0 + .seconds(100)) == .pause(60))
        #expect(guardian.refusal == nil)
    }

    @Test func processesShareOneBudget() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Two processes' views of one directory.
        let first = SharedBudget(directory: directory, lane: "index"), second = SharedBudget(directory: directory, lane: "index")
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let slots = [first, second, first, second].compactMap { $0.book(host: "web.archive.org:443", interval: 2.5, now: now) }
        #expect(slots.map { $0.timeIntervalSince(now) } == [0, 2.5, 5, 7.5])
        // Another lane of the same host has its own budget.
        #expect(SharedBudget(directory: directory, lane: "playback").book(host: "web.archive.org:443", interval: 0.125, now: now) == now)
        // A pause holds every process.
        first.pause(host: "web.archive.org:443", until: now.addingTimeInterval(60), now: now)
        #expect(second.book(host: "web.archive.org:443", interval: 2.5, now: now)?.timeIntervalSince(now) == 60)
    }

    /// A booking belongs to its process: given back when its run stops, void once the
    /// process is gone; a slot whose time came still spaces the next request.
    @Test func bookingsBelongToTheirRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let budget = SharedBudget(directory: directory, lane: "site")
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        // Another process books five slots, then is killed with them.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/sleep")
        gone.arguments = ["60"]
        try gone.run()
        let slots = (0..<5).compactMap { _ in budget.book(host: "h", interval: 1, now: now, pid: gone.processIdentifier) }
        #expect(slots.map { $0.timeIntervalSince(now) } == [0, 1, 2, 3, 4])
        kill(gone.processIdentifier, SIGKILL)
        gone.waitUntilExit()
        // Its first slot has come (a request it sent); the four after it are void.
        #expect(budget.book(host: "h", interval: 1, now: now.addingTimeInterval(0.5))?.timeIntervalSince(now) == 1)
        // This process's own: a stopped run gives back what it will not use, and the next
        // booking takes the gap it leaves.
        let mine = (0..<3).compactMap { _ in budget.book(host: "h", interval: 1, now: now.addingTimeInterval(0.5)) }
        #expect(mine.map { $0.timeIntervalSince(now) } == [2, 3, 4])
        budget.release(host: "h", slot: mine[0], now: now.addingTimeInterval(0.5))
        #expect(budget.book(host: "h", interval: 1, now: now.addingTimeInterval(0.5))?.timeIntervalSince(now) == 2)
        // A pause stays for everyone, whoever is gone.
        budget.pause(host: "h", until: now.addingTimeInterval(60), now: now)
        #expect(budget.book(host: "h", interval: 1, now: now.addingTimeInterval(1), pid: gone.processIdentifier)?.timeIntervalSince(now) == 60)
    }

    /// robots.txt kept between runs for RFC 9309's 24 hours, or as long as its answer's
    /// Cache-Control allows; a torn or hostile file is nothing kept.
    @Test func robotsTxtIsKeptForADayOrLessAsItsAnswerSays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("robots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kept = KeptRobots(directory: directory)
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        kept.keep("User-agent: *\nDisallow: /private/\n", for: "https://example.org", seconds: KeptRobots.seconds(cacheControl: nil), now: now)
        let (rules, until) = try #require(kept.rules(for: "https://example.org", now: now.addingTimeInterval(3600)))
        #expect(!rules.allows("/private/x") && rules.allows("/public"))
        #expect(until == now.addingTimeInterval(86_400))
        #expect(kept.rules(for: "https://example.org", now: now.addingTimeInterval(86_401)) == nil)
        #expect(kept.rules(for: "https://example.org:8443", now: now) == nil)
        #expect(KeptRobots.seconds(cacheControl: "public, max-age=600") == 600)
        #expect(KeptRobots.seconds(cacheControl: "max-age=999999") == 86_400)
        #expect(KeptRobots.seconds(cacheControl: "no-store") == 0)
        #expect(KeptRobots.seconds(cacheControl: "max-age=inf") == 0)
        let file = (directory as NSString).appendingPathComponent("https___example.org.robots")
        for text in ["garbage", "cpvanity-robots nan 86400\nDisallow: /", "cpvanity-robots 1e300 1e300\n", ""] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            #expect(kept.rules(for: "https://example.org", now: now) == nil, "\(text)")
        }
    }

    @Test func aHostileBudgetFileIsNoBooking() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let budget = SharedBudget(directory: directory, lane: "index")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = (directory as NSString).appendingPathComponent(budget.fileName(host: "h"))
        let now = Date()
        for text in ["inf nan", "-5 1e308", "garbage", "99999999999999999999 0"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let slot = try #require(budget.book(host: "h", interval: 1, now: now))
            // Never past a day from now, whatever the file says.
            #expect(slot.timeIntervalSince(now) <= 86_400.001, "\(text)")
        }
        // Host names from outside stay inside the directory.
        #expect(budget.fileName(host: "../../etc/passwd") == "_.._etc_passwd-index.budget")
    }
}

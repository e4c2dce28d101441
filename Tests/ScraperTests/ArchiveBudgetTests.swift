import Foundation
@testable import Scraper
import Testing

/// A public service's budget: a 429 is one pause and one more try, never a loop; and
/// every process on the machine books its requests in one place.
@Suite struct ArchiveBudgetTests {
    let clock = ContinuousClock()

    @Test func aPauseThenAResendThenAStop() {
        let guardian = TooManyRequests(pause: 60)
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
        let guardian = TooManyRequests(pause: 60)
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

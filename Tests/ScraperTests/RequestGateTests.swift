import Foundation
@testable import Scraper
import Synchronization
import Testing

/// The cap on requests in flight and the list's order, kept at one gate: members reach
/// the site in the list's order whichever task runs first, and no wait is lost.
@Suite struct RequestGateTests {
    /// What the gate let through, in the order it did.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// One permit: twelve members started in the list's order, their tasks made to
    /// ask in the reverse order; each member's two requests follow its first.
    @Test func oneInFlightSeesTheMembersInTheListsOrder() async {
        let gate = ConcurrencyLimiter(limit: 1)
        let order = RequestOrder()
        let log = Log()
        let count = 12
        for rank in 0..<count { order.enter(rank) }
        await withTaskGroup(of: Void.self) { group in
            for rank in (0..<count).reversed() {
                group.addTask {
                    await order.run(rank) {
                        for page in 1...2 {
                            await gate.acquire()
                            log.add("\(rank).\(page)")
                            await Task.yield()
                            gate.release()
                        }
                    }
                }
            }
        }
        let firsts = log.all.filter { $0.hasSuffix(".1") }
        #expect(firsts == (0..<count).map { "\($0).1" })
        #expect(log.all.count == 2 * count)
    }

    /// Waits until `condition` holds (the other tasks have reached the gate).
    static func until(_ condition: () -> Bool) async {
        while !condition() { try? await Task.sleep(for: .milliseconds(2)) }
    }

    /// A member that ends without a request (its pages were in the cache, it was
    /// stopped) lets the next one go: nobody waits on it for ever.
    @Test func aMemberWithoutRequestsHoldsNoOneUp() async {
        let gate = ConcurrencyLimiter(limit: 4)
        let order = RequestOrder()
        let log = Log()
        order.enter(0)
        order.enter(1)
        let later = Task {
            await order.run(1) {
                await gate.acquire()
                log.add("1")
                gate.release()
            }
        }
        // Member 1 waits for member 0's turn, free permits or not.
        await Self.until { gate.waiting == 1 }
        #expect(log.all.isEmpty)
        await order.run(0) {}
        await later.value
        #expect(log.all == ["1"])
    }

    /// A freed permit goes to the lowest rank waiting, and a request outside any
    /// member's turn (robots.txt) before them all.
    @Test func aFreedPermitGoesToTheLowestRankAndUnrankedFirst() async {
        let gate = ConcurrencyLimiter(limit: 1)
        let order = RequestOrder()
        let log = Log()
        for rank in 0..<3 { order.enter(rank) }
        // Member 0 holds the only permit while the others queue.
        await order.run(0) { await gate.acquire() }
        let waiting = Task {
            await withTaskGroup(of: Void.self) { group in
                for rank in [2, 1] {
                    group.addTask {
                        await order.run(rank) {
                            await gate.acquire()
                            log.add("\(rank)")
                            gate.release()
                        }
                    }
                }
                group.addTask {
                    await Self.until { gate.waiting == 2 }
                    await RequestOrder.unranked {
                        await gate.acquire()
                        log.add("robots")
                        gate.release()
                    }
                }
            }
        }
        await Self.until { gate.waiting == 3 }
        #expect(log.all.isEmpty)
        gate.release()
        await waiting.value
        #expect(log.all == ["robots", "1", "2"])
    }

    /// Requests in flight now, the most at once, and how many passed.
    final class Tally: Sendable {
        private let counts = Mutex((now: 0, most: 0, passed: 0))
        func enter() { counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { counts.withLock { $0.now -= 1; $0.passed += 1 } }
        var most: Int { counts.withLock { $0.most } }
        var passed: Int { counts.withLock { $0.passed } }
    }

    /// Many more requests than permits, from many tasks at once: every one is let
    /// through, never more than the cap at a time.
    @Test func everyRequestPassesAndTheCapHolds() async {
        let gate = ConcurrencyLimiter(limit: 3)
        let order = RequestOrder()
        let tally = Tally()
        for rank in 0..<40 { order.enter(rank) }
        await withTaskGroup(of: Void.self) { group in
            for rank in 0..<40 {
                group.addTask {
                    await order.run(rank) {
                        for _ in 0..<3 {
                            await gate.acquire()
                            tally.enter()
                            await Task.yield()
                            tally.leave()
                            gate.release()
                        }
                    }
                }
            }
        }
        #expect(tally.passed == 120)
        #expect(tally.most == 3)
    }
}

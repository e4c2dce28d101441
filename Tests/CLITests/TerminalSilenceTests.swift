import Foundation
import TestSupport
import Testing

/// A person at a terminal is never left in silence for more than about two seconds:
/// `member` of many IDs draws the batch's progress line at once, and a request whose
/// server never answers is said while it waits, each second.
@Suite struct TerminalSilenceTests {
    @Test func seventyMembersShowTheirProgressAtOnce() throws {
        let server = try FixtureServer(["--latency", "200"])
        let ids = (1...70).map { String(200_000 + $0) }
        let session = try TerminalSession(["member"] + ids + ["--no-store", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "2"],
                                          environment: ["NO_COLOR": "1"])
        defer { _ = session.stop(with: SIGINT) }
        let shown = session.seconds(until: "0/70 · 0 failed", timeout: 10)
        #expect(shown.map { $0 < 2 } == true, "the first progress line came after \(shown ?? -1) s: \(session.screen.debugDescription)")
        let moved = session.seconds(until: "/70 · ", timeout: 10)
        #expect(moved != nil)
    }

    @Test func aServerThatNeverAnswersIsSaidWhileItWaits() throws {
        let silent = try SilentHost()
        let session = try TerminalSession(["member", "48201", "--no-store", "--base-url", silent.baseURL, "--rate", "0", "--ignore-robots"],
                                          environment: ["NO_COLOR": "1"])
        defer { _ = session.stop(with: SIGINT) }
        let host = silent.baseURL.replacingOccurrences(of: "http://", with: "")
        let said = session.seconds(until: "waiting for \(host): no answer for 1 s, try 1 of 4", timeout: 10)
        #expect(said.map { $0 < 3 } == true, "said after \(said ?? -1) s: \(session.screen.debugDescription)")
        #expect(session.seconds(until: "no answer for 3 s, try 1 of 4", timeout: 10) != nil, "\(session.screen.debugDescription)")
    }
}

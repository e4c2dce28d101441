import Foundation
@testable import Scraper
import Testing
import TestSupport

/// The HTTP client's driver thread on libcurl's event API: every request answered
/// however many arrive at once, and a request stopped where it stands.
@Suite struct HTTPClientDriverTests {
    /// Two hundred requests from fifty tasks at once, against a replica that answers each
    /// after 20 ms: submissions arrive while the thread sleeps in poll and while it works,
    /// and one wake-up may carry many of them.
    @Test func everyRequestOfABurstIsAnswered() async throws {
        let server = try FixtureServer(["--latency", "20"])
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: 5, timeout: 30))
        let statuses = await withTaskGroup(of: [Int].self) { group in
            for task in 0..<50 {
                group.addTask {
                    var seen = [Int]()
                    for request in 0..<4 {
                        let id = (task * 4 + request) % 2 == 0 ? 48201 : 7315
                        let response = try? await client.get("\(server.baseURL)/script/Membership/View.aspx?mid=\(id)")
                        seen.append(response?.status ?? -1)
                        #expect(response.map { String(decoding: $0.body, as: UTF8.self).contains("</html>") } == true)
                    }
                    return seen
                }
            }
            return await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(try server.stats().pages.count == 200)
    }

    /// A host that never answers: the request's task is cancelled and the request ends
    /// then, not at its 60 s timeout (libcurl would not call back while nothing arrives).
    @Test func aCancelledRequestEndsWithoutWaitingForItsTimeout() async throws {
        let silent = try SilentHost()
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: 60, timeout: 60))
        let started = ContinuousClock.now
        let request = Task { () -> TransportError? in
            do throws(TransportError) {
                _ = try await client.get("\(silent.baseURL)/never")
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        request.cancel()
        let error = await request.value
        #expect(error == .cancelled)
        // Loose: a busy machine is slow, but nowhere near the minute the timeout allows.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// A cancel that overtakes its request (the task cancelled before its transfer reached
    /// the driver's thread): the request never starts, and ends at once, not at its
    /// 60 s timeout against a host that never answers.
    @Test func aCancelBeforeTheRequestReachesTheThreadStillCancelsIt() async throws {
        let silent = try SilentHost()
        let options = HTTPClientOptions(connectTimeout: 60, timeout: 60)
        let driver = CurlDriver(options: options)
        defer { driver.stop() }
        let id = driver.nextTransferID()
        driver.cancel(id: id)
        // The thread takes the cancel in (and, before the fix, dropped it: nothing to cancel yet).
        try await Task.sleep(for: .milliseconds(200))
        let started = ContinuousClock.now
        let result = await withCheckedContinuation { continuation in
            driver.submit(Transfer(id: id, url: "\(silent.baseURL)/never", headers: [:], options: options, continuation: continuation))
        }
        guard case .failure(let error) = result else {
            Issue.record("a cancelled request was answered")
            return
        }
        #expect(error == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// The timeout libcurl keeps for a request fires through the driver's timer.
    @Test func aRequestToASilentHostTimesOut() async throws {
        let silent = try SilentHost()
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: 0.4, timeout: 0.4))
        let started = ContinuousClock.now
        do throws(TransportError) {
            _ = try await client.get("\(silent.baseURL)/never")
            Issue.record("a host that never answers answered")
        } catch {
            guard case .timeout = error else {
                Issue.record("\(error) is not a timeout")
                return
            }
        }
        #expect(ContinuousClock.now - started < .seconds(20))
    }
}

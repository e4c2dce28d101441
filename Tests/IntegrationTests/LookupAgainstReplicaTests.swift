import Foundation
import Lookup
import Packs
@testable import Scraper
import Testing
import TestSupport

/// Lookups over real HTTP against `fixture-site` on loopback. Serialized: each test
/// runs its own server, and timings are read from the server's log.
@Suite(.serialized) struct LookupAgainstReplicaTests {
    let pack: SitePack

    init() throws {
        pack = try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path)
    }

    func lookup(_ server: FixtureServer, policy: FetchPolicy = FetchPolicy(ratePerHost: 0, backoffBase: 0.05),
                timeout: Double = 10, cache: ResponseCache? = nil, savePages: String? = nil) -> MemberLookup {
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: timeout))
        return MemberLookup(pack: pack, fetcher: PageFetcher(client: client, policy: policy, cache: cache),
                            baseURL: server.baseURL, savePagesTo: savePages)
    }

    @Test func bothSourcesOfAMemberAreRequestedAtOnce() async throws {
        let server = try FixtureServer(["--latency", "2500"])
        // At the default, polite pace (4 per second) the two pages start 250 ms apart,
        // well inside the first one's 2.5 s of latency, even on a loaded machine.
        let record = await lookup(server, policy: FetchPolicy()).lookup("7315")
        #expect(record.errors == [])
        #expect(record.extracted.value("name") == .text("Tomasz Wirth"))
        let pages = try server.stats().pages
        #expect(Set(pages.compactMap(\.source)) == ["profile", "articles"])
        let first = try #require(pages.first), second = try #require(pages.last)
        #expect(second.start_ms < (first.end_ms ?? 0), "the second page started after the first had finished")
    }

    @Test func manyMembersRunConcurrentlyWithinTheCap() async throws {
        let server = try FixtureServer(["--latency", "200"])
        let ids = (1...20).map { _ in ["48201", "7315", "90210", "1842"] }.joined().prefix(20).enumerated().map { index, id in
            // Distinct IDs (unknown ones are 404s, which cost the same round trip).
            index < 4 ? id : String(100_000 + index)
        }
        var records = [MemberRecord]()
        await lookup(server, policy: FetchPolicy(concurrency: 8, ratePerHost: 0)).lookup(Array(ids)) { records.append($0) }
        #expect(records.count == 20)
        // The server's count of requests in flight is the proof, not the clock (a busy
        // machine took 7 s for what is 1 s on a quiet one).
        let stats = try server.stats()
        #expect(stats.pages.count == 40)
        #expect(stats.max_in_flight <= 8)
        #expect(stats.max_in_flight >= 4)
    }

    @Test func perHostRateIsKept() async throws {
        let server = try FixtureServer()
        var records = [MemberRecord]()
        await lookup(server, policy: FetchPolicy(concurrency: 8, ratePerHost: 5)).lookup(["48201", "7315", "90210"]) { records.append($0) }
        #expect(records.allSatisfy { !$0.failed })
        let starts = try server.stats().log.filter { !$0.path.hasPrefix("/_fixture") }.map(\.start_ms).sorted()
        #expect(starts.count == 7)  // robots.txt and six pages
        // 5 per second is one every 200 ms: six gaps take at least 1.2 s, less what the
        // first request (robots.txt, on a new connection) took longer to reach the replica.
        #expect((starts.last ?? 0) - (starts.first ?? 0) >= 1_100, "\(starts.map { Int($0 - (starts.first ?? 0)) })")
        // And no one-second window holds a burst: five starts, plus the sixth that lands
        // on the window's edge exactly when the server's clock shaves a millisecond off.
        for (index, start) in starts.enumerated() {
            let window = starts[index...].prefix { $0 < start + 1000 }
            #expect(window.count <= 6, "\(window.count) requests within a second from \(start) ms")
        }
    }

    @Test func retryAfterIsWaitedFor() async throws {
        let server = try FixtureServer(["--status-on", "7315=429x1", "--retry-after", "1"])
        let record = await lookup(server).lookup("7315")
        #expect(record.errors == [])
        let pages = try server.stats().pages
        let refused = try #require(pages.first { $0.status == 429 })
        let retried = try #require(pages.last { $0.source == refused.source })
        #expect(retried.status == 200)
        #expect(retried.start_ms - (refused.end_ms ?? 0) >= 990)
    }

    @Test func serverErrorsAreRetriedThenReported() async throws {
        let server = try FixtureServer(["--status-on", "7315=500"])
        let record = await lookup(server, policy: FetchPolicy(ratePerHost: 0, retries: 2, backoffBase: 0.05)).lookup("7315")
        #expect(record.errors.map(\.kind) == [.http, .http])
        #expect(record.errors.map(\.status) == [500, 500])
        #expect(record.errors.map(\.source) == ["articles", "profile"])
        // One try and two retries per page.
        #expect(try server.stats().pages.count == 6)
    }

    @Test func aTimeoutIsReportedAsTimeout() async throws {
        let server = try FixtureServer(["--body", "7315=slow", "--slow-ms", "3000"])
        let record = await lookup(server, policy: FetchPolicy(ratePerHost: 0, retries: 0), timeout: 0.5).lookup("7315")
        #expect(record.errors.map(\.kind) == [.timeout, .timeout])
        #expect(record.errors.first?.message.hasPrefix("timed out") == true)
    }

    /// A server that is gone: libcurl's words, and what to check.
    @Test func aRefusedConnectionSaysWhatToCheck() async throws {
        let server = try FixtureServer()
        let lookup = lookup(server, policy: FetchPolicy(ratePerHost: 0, retries: 0))
        server.stop()
        let record = await lookup.lookup("7315")
        #expect(record.errors.map(\.kind) == [.network, .network])
        let message = try #require(record.errors.first?.message)
        let port = try #require(URLComponents(string: server.baseURL)?.port)
        #expect(message == "cannot connect to 127.0.0.1:\(port); is the server up and reachable from here?", "\(message)")
    }

    @Test func nonexistentMembersAreNotFound() async throws {
        let server = try FixtureServer()
        let unknown = await lookup(server).lookup("5555")
        #expect(unknown.errors.map(\.kind) == [.notFound, .notFound])
        #expect(unknown.errors.map(\.status) == [404, 404])
        let missingPage = await lookup(server).lookup("99999999")
        #expect(missingPage.errors.map(\.kind) == [.notFound, .notFound])
        #expect(missingPage.errors.first?.message == "the page says this member does not exist")
    }

    @Test func garbageAndTruncatedBodiesAreErrorsNotShortRecords() async throws {
        let server = try FixtureServer(["--body", "48201=garbage", "--body", "7315=truncated:300", "--body", "90210=truncated"])
        // A page without its end (the pack's `complete`) was cut short: an error, unread.
        let garbage = await lookup(server).lookup("48201")
        #expect(garbage.errors.map(\.kind) == [.network, .network])
        #expect(garbage.errors.allSatisfy { $0.message.hasPrefix("the page ends early (") })
        #expect(garbage.extracted.fields.isEmpty)
        let truncated = await lookup(server).lookup("7315")
        #expect(truncated.errors.map(\.kind) == [.network, .network])
        #expect(truncated.errors.first?.message == "the page ends early (300 bytes, without '</html>'): cut short in transit, so it was not read; try again")
        #expect(truncated.errors.first?.url?.contains("/script/") == true)
        // Half the articles page: the rows it holds are not passed off as the member's articles.
        let half = await lookup(server).lookup("90210")
        #expect(half.extracted.collections["articles"] == nil)
        #expect(half.errors.count == 2)
    }

    @Test func theCacheRevalidatesTheSecondLookup() async throws {
        let server = try FixtureServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = await lookup(server, cache: try ResponseCache(directory: directory)).lookup("90210")
        let secondLookup = lookup(server, cache: try ResponseCache(directory: directory))
        let second = await secondLookup.lookup("90210")
        #expect(first.errors == [] && second.errors == [])
        #expect(second.extracted == first.extracted)
        #expect(secondLookup.fetcher?.statistics.revalidated == 2)
        let pages = try server.stats().pages
        #expect(pages.map(\.status) == [200, 200, 304, 304])
        #expect(pages.map(\.conditional) == [false, false, true, true])
    }

    @Test func robotsTxtIsHonouredUnlessIgnored() async throws {
        let robots = FileManager.default.temporaryDirectory.appendingPathComponent("robots-\(UUID().uuidString).txt")
        try "User-agent: *\nDisallow: /script/Articles/\n".write(to: robots, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: robots) }
        let server = try FixtureServer(["--robots", robots.path])
        let polite = await lookup(server).lookup("7315")
        #expect(polite.errors.map(\.kind) == [.robots])
        #expect(polite.errors.first?.source == "articles")
        #expect(polite.extracted.value("name") == .text("Tomasz Wirth"))
        let impolite = await lookup(server, policy: FetchPolicy(ratePerHost: 0, respectRobots: false)).lookup("7315")
        #expect(impolite.errors == [])
        #expect(try server.stats().pages.count == 3)
    }

    @Test func charsetFromTheHeaderAndPagesSavedAsFixtures() async throws {
        let server = try FixtureServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-save-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let record = await lookup(server, savePages: directory).lookup("1842")
        // The old list shows no bookmarks or downloads: their totals are unknown, not 0.
        #expect(record.errors.map(\.field?.description) == ["stats.total_bookmarks", "stats.total_downloads"])
        #expect(record.extracted.collections["articles"]?[1]["title"] == .text("Café-style tooltips"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["articles-1842.html", "profile-1842.html"])
        let saved = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/articles-1842.html"))
        #expect(saved == (try Data(contentsOf: URL(fileURLWithPath: "\(codeprojectFixtures)/articles-1842.html"))))
    }

    @Test func requestsNameCpvanity() async throws {
        let server = try FixtureServer()
        _ = await lookup(server).lookup("7315")
        let agents = Set(try server.stats().log.filter { !$0.path.hasPrefix("/_fixture") }.map(\.user_agent))
        #expect(agents == ["cpvanity/0.1.0 (+https://github.com/cpvanity/cpvanity)"])
    }
}

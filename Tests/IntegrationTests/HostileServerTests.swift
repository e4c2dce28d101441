import Foundation
import Lookup
import Packs
@testable import Scraper
import Testing
import TestSupport

/// Hostile servers on loopback: the replica's faults, and a raw socket for what the
/// replica cannot play.
@Suite struct HostileServerNumberTests {
    @Test func aCrawlDelayLongerThanCpvanityWaitsLeavesTheSiteAloneAtOnce() async throws {
        let robots = FileManager.default.temporaryDirectory.appendingPathComponent("robots-\(UUID().uuidString).txt")
        try "User-agent: *\nCrawl-delay: 1000000\n".write(to: robots, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: robots) }
        let server = try FixtureServer(["--robots", robots.path])
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)),
                                  policy: FetchPolicy(ratePerHost: 0))
        let started = ContinuousClock.now
        let result = await fetcher.fetch("\(server.baseURL)/script/Membership/View.aspx?mid=48201")
        // Not a million seconds: the bound is loose, as a busy machine may be slow.
        #expect(ContinuousClock.now - started < .seconds(60))
        guard case .failure(let error) = result else {
            Issue.record("fetched although robots.txt asks for a million seconds between requests")
            return
        }
        #expect(error.description == "\(server.baseURL)/robots.txt asks for 1000000 s between requests (Crawl-delay), longer than cpvanity waits (120 s); the site is left alone")
        #expect(try server.stats().pages.isEmpty)
    }
}

/// Redirects are followed by cpvanity, host by host: robots.txt and the pace apply to
/// every host a request lands on.
@Suite struct RedirectTests {
    @Test func aRedirectToAnotherHostAsksThatHostsRobotsTxt() async throws {
        let robots = FileManager.default.temporaryDirectory.appendingPathComponent("robots-\(UUID().uuidString).txt")
        try "User-agent: *\nDisallow: /script/Articles/\n".write(to: robots, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: robots) }
        let other = try FixtureServer(["--robots", robots.path])
        let first = try FixtureServer(["--redirect", "7315=\(other.baseURL){path}"])
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)),
                                  policy: FetchPolicy(ratePerHost: 0))
        // The profile lands on the other host, which allows it.
        let profile = await fetcher.fetch("\(first.baseURL)/script/Membership/View.aspx?mid=7315")
        let page = try profile.get()
        #expect(page.status == 200)
        #expect(page.url == "\(first.baseURL)/script/Membership/View.aspx?mid=7315")
        #expect(page.finalURL == "\(other.baseURL)/script/Membership/View.aspx?mid=7315")
        // The articles page lands where the other host's robots.txt says no.
        let articles = await fetcher.fetch("\(first.baseURL)/script/Articles/MemberArticles.aspx?amid=7315")
        let landed = "\(other.baseURL)/script/Articles/MemberArticles.aspx?amid=7315"
        #expect(articles.failure == .redirected(from: "\(first.baseURL)/script/Articles/MemberArticles.aspx?amid=7315", to: landed,
                                                .disallowedByRobots(landed)))
        #expect(articles.failure?.final == .disallowedByRobots(landed))
        #expect(try other.stats().log.map(\.path).filter { $0.hasPrefix("/script/Articles") }.isEmpty)
        #expect(try other.stats().log.contains { $0.path == "/robots.txt" })
    }

    /// The site answered (a redirect); the host it sent the request to did not: that is
    /// the member's failure, never the site's silence (which stops a run).
    @Test func aRedirectToADeadHostIsAnAnswerFromTheSite() async throws {
        let dead = try SilentHost()
        let server = try FixtureServer(["--redirect", "7315=\(dead.baseURL){path}"])
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 0.3, timeout: 0.3)),
                                  policy: FetchPolicy(ratePerHost: 0, retries: 0))
        let url = "\(server.baseURL)/script/Membership/View.aspx?mid=7315"
        let failure = try #require(await fetcher.fetch(url).failure)
        guard case .redirected(let from, let to, let cause) = failure else {
            Issue.record("\(failure) is not a failed redirect")
            return
        }
        #expect(from == url)
        #expect(to == "\(dead.baseURL)/robots.txt" || to == "\(dead.baseURL)/script/Membership/View.aspx?mid=7315")
        #expect(cause.isNoAnswer)
        #expect(!failure.isNoAnswer)
        #expect(failure.description.hasPrefix("redirected to \(dead.baseURL)/"))
    }

    @Test func aRedirectLoopEnds() async throws {
        // Every request for 48201 is sent back to itself.
        let server = try FixtureServer(["--redirect", "48201={path}"])
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)),
                                  policy: FetchPolicy(ratePerHost: 0, retries: 0))
        let url = "\(server.baseURL)/script/Membership/View.aspx?mid=48201"
        let result = await fetcher.fetch(url)
        #expect(result.failure == .tooManyRedirects(url: url, limit: 5))
        #expect(try server.stats().pages.count == 6)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Servers that break HTTP on purpose, played by a raw socket on loopback.
@Suite struct HostileServerTests {
    func lookup(_ server: HostileServer) throws -> MemberLookup {
        let pack = try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path)
        return MemberLookup(pack: pack, fetcher: PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)),
                                                             policy: FetchPolicy(ratePerHost: 0, retries: 1, backoffBase: 0.01, respectRobots: false)),
                            baseURL: server.baseURL)
    }

    @Test func aContentLengthShorterThanTheBodyIsAnErrorNotAShortRecord() async throws {
        let page = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(codeprojectFixtures)/articles-90210.html")))
        // The header promises the first 1,600 bytes: one article of three, and no end.
        let server = try HostileServer { _ in
            Array("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1600\r\nConnection: close\r\n\r\n".utf8) + page
        }
        let record = try await lookup(server).lookup("90210", sources: ["articles"])
        #expect(record.extracted.collections["articles"] == nil)
        #expect(record.errors.map(\.kind) == [.network])
        #expect(record.errors.first?.message.hasPrefix("the page ends early (1600 bytes, without '</html>')") == true)
    }

    @Test func retryAfterInfinityOrHugeIsNoTrap() async throws {
        for value in ["inf", "1e300", "nan", "-1"] {
            let server = try HostileServer { _ in
                Array("HTTP/1.1 503 Busy\r\nRetry-After: \(value)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            }
            let record = try await lookup(server).lookup("7315", sources: ["profile"])
            #expect(record.errors.map(\.kind) == [.http], "Retry-After: \(value)")
        }
    }
}

/// robots.txt kept as long as its answer's Cache-Control says, in a run too: a site
/// that says `max-age=2`, then disallows everything, is asked again and obeyed.
@Suite struct RobotsCacheControlTests {
    /// A site whose robots.txt says whatever `rules` holds now, kept for two seconds.
    final class ChangingRobots: @unchecked Sendable {
        private let lock = NSLock()
        private var text = "User-agent: *\nAllow: /\n"
        private(set) var asked = 0

        var rules: String {
            get { lock.withLock { text } }
            set { lock.withLock { text = newValue } }
        }

        func answer(_ line: String) -> [UInt8] {
            lock.withLock {
                if line.contains("/robots.txt") {
                    asked += 1
                    return Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nCache-Control: public, max-age=2\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n\(text)".utf8)
                }
                return Array("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 18\r\nConnection: close\r\n\r\n<html>page</html>\n".utf8)
            }
        }
    }

    /// Two seconds, not one: a loaded machine may stall for a second between two fetches.
    @Test func aRobotsTxtWithAMaxAgeOfTwoSecondsIsReadAgainAfterThree() async throws {
        let site = ChangingRobots()
        let server = try HostileServer { site.answer($0) }
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)), policy: FetchPolicy(ratePerHost: 0))
        #expect((try await fetcher.fetch("\(server.baseURL)/u/1").get()).status == 200)
        site.rules = "User-agent: *\nDisallow: /\n"
        // Within its two seconds, the answer kept is used: no second robots.txt request.
        #expect((try await fetcher.fetch("\(server.baseURL)/u/2").get()).status == 200)
        #expect(site.asked == 1)
        try await Task.sleep(for: .seconds(3))
        let later = await fetcher.fetch("\(server.baseURL)/u/3")
        #expect(later.failure == .disallowedByRobots("\(server.baseURL)/u/3"))
        #expect(site.asked == 2)
    }
}

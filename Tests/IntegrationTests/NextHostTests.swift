import Foundation
import Lookup
import Packs
import Scraper
import Synchronization
import Testing
import TestSupport

/// A `next` link is followed on the site's own host only (or a host the pack names):
/// another host's page is not the member's list, and is never requested.
@Suite(.serialized) struct NextHostTests {
    final class Counter: Sendable {
        let paths = Mutex<[String]>([])
        var all: [String] { paths.withLock { $0 } }
    }

    static func http(_ body: String, status: String = "200 OK") -> [UInt8] {
        Array("HTTP/1.1 \(status)\r\nContent-Type: text/html\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
    }

    static func pack(nextHosts: String) throws -> SitePack {
        try PackLoader().load(toml: """
            [site]
            name = "lists"
            base_url = "http://127.0.0.1"
            id = '[0-9]+'
            [sources.posts]
            url = '{base}/u/{id}'
            next = '<a rel="next" href="([^"]+)"'
            \(nextHosts)
            [collections.posts]
            source = "posts"
            row = '<li>(.*?)</li>'
            [collections.posts.fields.title]
            pattern = '^(.*)$'
            """, file: "lists.toml")
    }

    @Test func aNextLinkToAnotherHostIsNotFollowed() async throws {
        let far = Counter()
        // A second loopback address: another host as far as URLs go.
        let other = try HostileServer(address: "127.0.0.2") { line in
            far.paths.withLock { $0.append(line) }
            return line.contains("robots.txt") ? Self.http("", status: "404 Not Found") : Self.http("<ul><li>far</li></ul></html>")
        }
        let site = try HostileServer { line in
            line.contains("robots.txt") ? Self.http("", status: "404 Not Found")
                : Self.http(#"<ul><li>one</li><li>two</li></ul><a rel="next" href="\#(other.baseURL)/u/1?page=2">next</a></html>"#)
        }
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 5)), policy: FetchPolicy(ratePerHost: 0, retries: 0))

        let kept = await MemberLookup(pack: try Self.pack(nextHosts: ""), fetcher: fetcher, baseURL: site.baseURL).lookup("1")
        #expect(kept.extracted.collections["posts"]?.map { $0["title"] } == [.text("one"), .text("two")])
        #expect(kept.errors.map(\.message) == ["the next page's link leads to another host (\(other.baseURL)/u/1?page=2); not followed, so the pages after it were not read (next_hosts in the pack allows a host)"])
        #expect(far.all.isEmpty, "\(far.all)")

        let allowed = await MemberLookup(pack: try Self.pack(nextHosts: #"next_hosts = ["127.0.0.2"]"#), fetcher: fetcher, baseURL: site.baseURL).lookup("1")
        #expect(allowed.errors.isEmpty, "\(allowed.errors)")
        #expect(allowed.extracted.collections["posts"]?.map { $0["title"] } == [.text("one"), .text("two"), .text("far")])
        #expect(far.all.contains { $0.hasPrefix("GET /u/1?page=2 ") })
    }

    @Test func nextHostsMustBeHostNames() {
        #expect(throws: PackLoadError.self) { try Self.pack(nextHosts: #"next_hosts = ["http://evil.example/"]"#) }
        #expect(throws: PackLoadError.self) { try Self.pack(nextHosts: "next_hosts = 3") }
    }
}

import Archive
import Foundation
import Lookup
import Packs
@testable import Scraper
import Testing
import TestSupport

/// The archive client against answers in the forms the real Wayback Machine sends,
/// played by raw sockets where the replica cannot: a gzipped capture sent with two
/// Content-Encoding headers (the first empty), the archive's own redirects going in a
/// circle or off its host, its 429 without Retry-After.
@Suite struct RealArchiveFormsTests {
    /// `<html><body>the archived page</body></html>\n`, gzipped.
    static let gzipped: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xb3, 0xc9, 0x28, 0xc9, 0xcd, 0xb1, 0xb3, 0x49, 0xca, 0x4f,
        0xa9, 0xb4, 0x2b, 0xc9, 0x48, 0x55, 0x48, 0x2c, 0x4a, 0xce, 0xc8, 0x2c, 0x4b, 0x4d, 0x51, 0x28, 0x48, 0x4c, 0x4f, 0xb5,
        0xd1, 0x07, 0x8b, 0xdb, 0xe8, 0x83, 0x15, 0x71, 0x01, 0x00, 0xa0, 0xa4, 0x77, 0x22, 0x2c, 0x00, 0x00, 0x00,
    ]

    func reader(_ base: String, pause: Double? = nil) -> ArchiveReader {
        var policy = FetchPolicy(concurrency: 1, ratePerHost: 0, retries: 3, backoffBase: 0.05, respectRobots: false)
        policy.pauseOn429 = pause
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)), policy: policy)
        return ArchiveReader(spec: ArchiveSpec.wayback, base: base, fetcher: fetcher)
    }

    let capture = Capture(timestamp: ArchiveTimestamp("20140110093000")!, original: "https://www.codeproject.com/x")

    @Test func aCaptureSentWithAnEmptyAndAGzipContentEncodingIsRead() async throws {
        let server = try HostileServer { _ in
            Array("HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-encoding: \r\nContent-Encoding: gzip\r\nmemento-datetime: Fri, 10 Jan 2014 09:30:00 GMT\r\nContent-Length: \(Self.gzipped.count)\r\nConnection: close\r\n\r\n".utf8)
                + Self.gzipped
        }
        let read = try await reader(server.baseURL).read(capture, source: "profile").get()
        #expect(String(decoding: read.bytes, as: UTF8.self) == "<html><body>the archived page</body></html>\n")
        #expect(read.capture?.timestamp.description == "20140110093000")
    }

    @Test func theArchivesOwnRedirectsAreFollowedOnItsHostAndNeverInACircle() async throws {
        // "found capture at": another timestamp, another URL form; then the capture.
        let hops = try HostileServer { line in
            if line.contains("20140110093000id_/https://") {
                return Array("HTTP/1.1 302 FOUND\r\nLocation: /web/20140111000000id_/http://www.codeproject.com:80/x\r\nX-Archive-Redirect-Reason: found capture at 20140111000000\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            }
            let body = "<html>x</html>"
            return Array("HTTP/1.1 200 OK\r\nmemento-datetime: Sat, 11 Jan 2014 00:00:00 GMT\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
        }
        let read = try await reader(hops.baseURL).read(capture, source: "profile").get()
        // The capture actually read, under its own time.
        #expect(read.capture?.timestamp.description == "20140111000000")
        #expect(read.origin == "\(hops.baseURL)/web/20140111000000id_/http://www.codeproject.com:80/x")

        let circle = try HostileServer { line in
            let next = line.contains("20140110093000") ? "20140112000000" : "20140110093000"
            return Array("HTTP/1.1 302 FOUND\r\nLocation: /web/\(next)id_/https://www.codeproject.com/x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        }
        let loop = await reader(circle.baseURL).read(capture, source: "profile")
        guard case .failure(let unread) = loop else { Issue.record("read a page from a circle of redirects"); return }
        #expect(unread.error.message == "the archive \(circle.baseURL) sent the request for https://www.codeproject.com/x on in a circle (back to \(circle.baseURL)/web/20140110093000id_/https://www.codeproject.com/x)")

        let away = try HostileServer { _ in
            Array("HTTP/1.1 302 FOUND\r\nLocation: http://elsewhere.example/web/20140110093000id_/https://www.codeproject.com/x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        }
        guard case .failure(let off) = await reader(away.baseURL).read(capture, source: "profile") else { Issue.record("followed off the archive"); return }
        #expect(off.error.message.hasSuffix("on to another host (http://elsewhere.example/web/20140110093000id_/https://www.codeproject.com/x); not followed"))
    }

    @Test func theArchivesOwn429WithoutRetryAfterIsWaitedOutAndAnArchived429IsNot() async throws {
        let answered = ManagedCount()
        let busy = try HostileServer { _ in
            if answered.next() == 1 {
                return Array("HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/html\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            }
            return Array("HTTP/1.1 200 OK\r\nmemento-datetime: Fri, 10 Jan 2014 09:30:00 GMT\r\nContent-Length: 4\r\nConnection: close\r\n\r\npage".utf8)
        }
        let started = ContinuousClock.now
        let read = try await reader(busy.baseURL, pause: 0.5).read(capture, source: "profile").get()
        #expect(String(decoding: read.bytes, as: UTF8.self) == "page")
        // The archive left alone for the pause (the pack's pause_after_429: 60 s), then asked once more.
        #expect(ContinuousClock.now - started >= .milliseconds(500))
        #expect(answered.value == 2)

        // The site's 429 at crawl time, recorded: not the archive's state now, so not asked again.
        let recorded = ManagedCount()
        let archived = try HostileServer { _ in
            _ = recorded.next()
            return Array("HTTP/1.1 429 Too Many Requests\r\nmemento-datetime: Thu, 29 Jan 2015 03:49:04 GMT\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        }
        guard case .failure(let unread) = await reader(archived.baseURL).read(capture, source: "profile") else { Issue.record("read a 429"); return }
        #expect(unread.recordedError)
        #expect(unread.error.message == "the archived capture \(archived.baseURL)/web/20140110093000id_/https://www.codeproject.com/x is the site's own HTTP 429 at crawl time, not the member's page")
        #expect(recorded.value == 1)
    }
}

/// A counter the raw servers' threads share.
final class ManagedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; count += 1; return count }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

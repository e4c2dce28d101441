import Foundation
@testable import Scraper
import Testing

/// The page cache on disk: an entry is its validators with the body stored beside them.
@Suite struct ResponseCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-cache-\(UUID().uuidString)")

    func page(_ body: String, etag: String) -> HTTPResponse {
        HTTPResponse(url: "https://example.org/p?id=1", finalURL: "https://example.org/p?id=1", status: 200,
                     headers: ["etag": etag, "content-type": "text/html; charset=utf-8"], body: Array(body.utf8))
    }

    @Test func anEntryKeepsItsBodyAndValidators() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ResponseCache(directory: directory.path)
        cache.store(page("<html>views 10</html>", etag: "\"a\""))
        let entry = try #require(cache.entry(for: "https://example.org/p?id=1"))
        #expect(entry.etag == "\"a\"" && entry.body == Array("<html>views 10</html>".utf8))
        #expect(cache.entry(for: "https://example.org/p?id=2") == nil)
    }

    /// Two runs storing one URL at once can leave one's body beside the other's ETag:
    /// such an entry is no entry (a 304 would vouch for the wrong page).
    @Test func aBodyThatIsNotTheEntrysIsNoEntry() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ResponseCache(directory: directory.path)
        cache.store(page("<html>views 10</html>", etag: "\"a\""))
        let key = ResponseCache.key("https://example.org/p?id=1")
        try Data("<html>views 11</html>".utf8).write(to: directory.appendingPathComponent("\(key).body"))
        #expect(cache.entry(for: "https://example.org/p?id=1") == nil)
    }
}

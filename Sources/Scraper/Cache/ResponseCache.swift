import Files
import Foundation

/// Pages kept on disk with their validators (ETag, Last-Modified), so a repeated
/// lookup asks the site "changed since?" and costs it a 304 instead of a page.
/// One entry per URL: `<key>.body` and `<key>.json`, each written to a temporary
/// file and renamed, so an interrupted run never leaves half an entry.
public struct ResponseCache: Sendable {
    public let directory: URL
    /// How long an entry is good for; nil: for good (pages are revalidated anyway,
    /// captures never change). Older entries are no entries, and are removed.
    public let keepFor: TimeInterval?

    public struct Entry: Sendable, Codable, Equatable {
        public let url: String
        public let etag: String?
        public let lastModified: String?
        public let contentType: String?
        public let storedAt: Date
        /// The body's key (as `ResponseCache.key` makes one from its bytes): the body
        /// file found beside this entry must be the one stored with it.
        public var bodyKey: String?
        public var body: [UInt8] = []

        enum CodingKeys: String, CodingKey {
            case url, etag, lastModified = "last_modified", contentType = "content_type", storedAt = "stored_at", bodyKey = "body_key"
        }
    }

    public init(directory: String, keepingFor keepFor: TimeInterval? = nil) throws {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.keepFor = keepFor
        do {
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        } catch {
            throw CacheError.unusable(directory, (error as NSError).localizedDescription)
        }
        if keepFor != nil { prune() }
    }

    /// Removes the entries past `keepFor` (their files, by when they were written).
    func prune(now: Date = Date()) {
        guard let keepFor, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasSuffix(".body") || name.hasSuffix(".json") {
            let path = directory.appendingPathComponent(name).path
            guard let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  now.timeIntervalSince(written) > keepFor else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    public func entry(for url: String, now: Date = Date()) -> Entry? {
        let key = ResponseCache.key(url)
        guard let metaData = FileManager.default.contents(atPath: file(key, "json").path),
              var entry = try? JSONDecoder().decode(Entry.self, from: metaData),
              entry.url == url,  // guards against a hash collision
              keepFor.map({ now.timeIntervalSince(entry.storedAt) <= $0 && entry.storedAt <= now.addingTimeInterval(60) }) ?? true,
              let body = FileManager.default.contents(atPath: file(key, "body").path) else { return nil }
        entry.body = [UInt8](body)
        // Two runs storing the same URL at once may leave one's body beside the other's
        // validators; a 304 would then vouch for the wrong page.
        if let expected = entry.bodyKey, expected != ResponseCache.key(entry.body) { return nil }
        return entry
    }

    /// Stores a 200 response that carries a validator; others are not worth keeping,
    /// unless `unchanging` (an archived capture, which never changes: kept as it is).
    public func store(_ response: HTTPResponse, unchanging: Bool = false) {
        guard response.status == 200, unchanging || response.headers["etag"] != nil || response.headers["last-modified"] != nil else { return }
        let entry = Entry(url: response.url, etag: response.headers["etag"], lastModified: response.headers["last-modified"],
                          contentType: response.headers["content-type"], storedAt: Date(), bodyKey: ResponseCache.key(response.body))
        let key = ResponseCache.key(response.url)
        guard let meta = try? JSONEncoder().encode(entry) else { return }
        // Body first: an entry whose metadata exists always has its body.
        _ = AtomicReplacement.replace(file(key, "body").path, with: response.body, synced: false)
        _ = AtomicReplacement.replace(file(key, "json").path, with: [UInt8](meta), synced: false)
    }

    private func file(_ key: String, _ suffix: String) -> URL {
        directory.appendingPathComponent("\(key).\(suffix)")
    }

    /// FNV-1a, 64-bit, in hex: short, stable, and file-name safe.
    static func key(_ url: String) -> String { key(Array(url.utf8)) }

    static func key(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

public enum CacheError: Error, CustomStringConvertible {
    case unusable(String, String)

    public var description: String {
        switch self {
        case .unusable(let directory, let reason): return "cannot use \(directory) as a cache: \(reason)"
        }
    }
}

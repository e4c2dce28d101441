import Foundation

enum AbsoluteURL {
    static func resolve(_ text: String, against base: String) -> String? {
        // Entities are decoded by now, so a `&` is just part of the URL.
        var text = text
        if let plain = text.withUTF8({ resolvePlain($0, origin: origin(of: base), allowingAmpersand: true) }) { return plain }
        if let absolute = URL(string: text), absolute.scheme != nil { return absolute.absoluteString }
        guard let baseURL = URL(string: base.hasSuffix("/") ? base : base + "/"),
              let resolved = URL(string: text, relativeTo: baseURL) else { return nil }
        return resolved.absoluteURL.absoluteString
    }

    /// `https://host:port` of a base URL, or nil when it has none. Bases are few, so
    /// the answer is kept.
    private static let origins = OriginCache()

    /// The common cases without Foundation's URL parser: a path from the root
    /// ("/Articles/1/x") joined to `origin`, or an absolute http(s) URL, with nothing to
    /// escape or resolve. A raw capture's `&` may start an entity, so it only passes
    /// once entities are decoded (`allowingAmpersand`).
    static func resolvePlain(_ raw: UnsafeBufferPointer<UInt8>, origin: String?, allowingAmpersand: Bool = false) -> String? {
        guard raw.count > 1, isPlain(raw, allowingAmpersand: allowingAmpersand) else { return nil }
        if raw[0] == UInt8(ascii: "/"), raw[1] != UInt8(ascii: "/"), let origin {
            var origin = origin
            return origin.withUTF8 { head in
                String(unsafeUninitializedCapacity: head.count + raw.count) { buffer in
                    _ = buffer.initialize(from: head)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[head.count...]).initialize(from: raw)
                    return head.count + raw.count
                }
            }
        }
        if raw.starts(with: "https://".utf8) || raw.starts(with: "http://".utf8) {
            return String(decoding: raw, as: UTF8.self)
        }
        return nil
    }

    /// No character a URL would need escaped, no dot segments: safe to pass as written.
    private static func isPlain(_ raw: UnsafeBufferPointer<UInt8>, allowingAmpersand: Bool) -> Bool {
        let allowed = allowingAmpersand ? plainBytesWithAmpersand : plainBytes
        var sawDot = false
        for byte in raw {
            // One table lookup per byte: every link of every row comes through here.
            guard byte < 0x80, (byte < 0x40 ? allowed.low : allowed.high) >> UInt64(byte & 63) & 1 == 1 else { return false }
            sawDot = sawDot || byte == UInt8(ascii: ".")
        }
        // Most links have no dot at all; only those are looked at again for a segment
        // that is "." or "..", which needs resolving.
        return !sawDot || !hasDotSegment(raw)
    }

    private static func hasDotSegment(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        let path = raw.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        return path.contains { segment in
            let segment = segment.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            return segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8)
        }
    }

    /// Printable ASCII but for the characters a URL must escape, as bit sets over
    /// bytes 0–63 and 64–127.
    private static let plainBytesWithAmpersand = byteSet(excluding: "\"<>\\^`{|}")
    private static let plainBytes = byteSet(excluding: "\"<>\\^`{|}&")

    private static func byteSet(excluding excluded: String) -> (low: UInt64, high: UInt64) {
        var set: (low: UInt64, high: UInt64) = (0, 0)
        for byte in UInt8(0x21)..<0x7F where !excluded.utf8.contains(byte) {
            if byte < 0x40 { set.low |= 1 << UInt64(byte) } else { set.high |= 1 << UInt64(byte - 0x40) }
        }
        return set
    }

    static func origin(of base: String) -> String? {
        origins.origin(of: base)
    }
}

/// Origins of base URLs seen so far; a lock, because extractions run on many threads.
final class OriginCache: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: String?] = [:]

    func origin(of base: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = known[base] { return cached }
        var origin: String?
        if let scheme = base.range(of: "://") {
            let host = base[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if !host.isEmpty { origin = String(base[..<scheme.upperBound]) + host }
        }
        known[base] = origin
        return origin
    }
}

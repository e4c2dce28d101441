import Foundation

/// What came back for one request, after redirects.
public struct HTTPResponse: Sendable {
    public internal(set) var url: String
    /// The URL after redirects.
    public internal(set) var finalURL: String
    public let status: Int
    /// Header names lower-cased; the last response's headers when there were redirects.
    public let headers: [String: String]
    public let body: [UInt8]
    /// True when the body came from the on-disk cache after a 304.
    public var fromCache = false
    /// When the request that got it was sent (its turn came), for what a 429 means.
    public var sentAt: ContinuousClock.Instant?

    public init(url: String, finalURL: String, status: Int, headers: [String: String], body: [UInt8]) {
        self.url = url
        self.finalURL = finalURL
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The charset the `Content-Type` header names, if any.
    public var charset: String? {
        headers["content-type"].flatMap(HTTPResponse.charset)
    }

    /// The charset a `Content-Type` value names, if any.
    public static func charset(_ contentType: String) -> String? {
        // On the bytes, ASCII letters folded (a header's names and charsets are ASCII):
        // Foundation's range(of:), then lowercased() and the generic firstRange(of:),
        // were a hundredth of a batch's CPU (6.5 µs a call measured alone; 0.5 now).
        let bytes = contentType.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 }
        let key = Array("charset=".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: key) }) else { return nil }
        var value = bytes[(start + key.count)...].prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") }
        let isQuote = { (byte: UInt8) in byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }
        while let first = value.first, isQuote(first) { value = value.dropFirst() }
        while let last = value.last, isQuote(last) { value = value.dropLast() }
        return value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
    }
}

/// A request that produced no HTTP response.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connect or total timeout passed.
    case timeout(String)
    /// DNS, connection refused or reset, TLS, a protocol error.
    case network(String)
    /// The body passed the size limit.
    case tooLarge(limit: Int)
    case cancelled

    /// The same failure, met again on each of `retries` retries.
    public func after(retries: Int) -> TransportError {
        guard retries > 0 else { return self }
        let note = " after \(retries) \(retries == 1 ? "retry" : "retries")"
        // Before the advice: "cannot connect to host:80 after 3 retries; is the server up ...".
        func noted(_ detail: String) -> String {
            guard let advice = detail.range(of: "; ") else { return detail + note }
            return detail[..<advice.lowerBound] + note + detail[advice.lowerBound...]
        }
        switch self {
        case .timeout(let detail): return .timeout(noted(detail))
        case .network(let detail): return .network(noted(detail))
        case .tooLarge, .cancelled: return self
        }
    }

    public var description: String {
        switch self {
        case .timeout(let detail): return "timed out (\(detail))"
        case .network(let detail): return detail
        case .tooLarge(let limit): return "the response is larger than the \(limit / 1024 / 1024) MiB limit"
        case .cancelled: return "cancelled"
        }
    }
}

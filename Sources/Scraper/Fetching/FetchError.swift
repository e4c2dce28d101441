import Foundation
import PageText

public struct FetchStatistics: Sendable, Equatable {
    /// HTTP requests sent, retries and robots.txt included.
    public var requests = 0
    public var retries = 0
    /// Pages answered from the cache after a 304.
    public var revalidated = 0
}

public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case transport(TransportError)
    case disallowedByRobots(String)
    case retryAfterTooLong(url: String, status: Int, seconds: Double)
    /// Redirected more times than `FetchPolicy.maxRedirects`.
    case tooManyRedirects(url: String, limit: Int)
    /// robots.txt asks for more seconds between requests than cpvanity waits.
    case crawlDelayTooLong(origin: String, seconds: Double, longest: Double)
    /// robots.txt answered a server error: RFC 9309 says stay out.
    case robotsUnavailable(url: String, status: Int)
    /// Not requested: the run was stopped (`stopStartingRequests`) before its turn came.
    case stopped(String)
    /// The site answered `from` with a redirect to `to`, which then failed: the site
    /// itself answered, so this is never `isNoAnswer`.
    indirect case redirected(from: String, to: String, FetchError)

    /// The run was stopped before this request's turn came.
    public var isStopped: Bool {
        if case .stopped = self { return true }
        return false
    }

    /// What failed in the end, past any redirect the site answered with.
    public var final: FetchError {
        if case .redirected(_, _, let error) = self { return error.final }
        return self
    }

    /// The server never answered: no connection, no name, a timeout (as against an
    /// answer cpvanity did not take).
    public var isNoAnswer: Bool {
        switch self {
        case .transport(.network), .transport(.timeout): return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let url): return "'\(url)' is not an http(s) URL"
        case .transport(let error): return error.description
        case .disallowedByRobots(let url): return "robots.txt disallows \(url)"
        case .retryAfterTooLong(let url, let status, let seconds):
            return "\(url) answered \(status) and asked to wait \(Self.shown(seconds)) s, longer than cpvanity waits"
        case .crawlDelayTooLong(let origin, let seconds, let longest):
            return "\(origin)/robots.txt asks for \(Self.shown(seconds)) s between requests (Crawl-delay), longer than cpvanity waits (\(Self.shown(longest)) s); the site is left alone"
        case .robotsUnavailable(let url, let status):
            return "\(url) answered HTTP \(status), so the site is off limits for now"
        case .stopped(let url):
            return "\(url) was not fetched: the run was stopped"
        case .tooManyRedirects(let url, let limit):
            return "\(url) redirected more than \(limit) times; not followed further"
        case .redirected(_, let to, let error):
            return "redirected to \(to): \(error)"
        }
    }

    /// Whole seconds, however large: a hostile header's 1e300 is printed, not trapped on.
    static func shown(_ seconds: Double) -> String {
        seconds < 1e15 ? String(Int(seconds.rounded())) : String(format: "%.3g", seconds)
    }
}

extension HTTPResponse {
    /// The seconds its Retry-After asks for (either form), nil without a usable one.
    var retryAfter: Double? { headers["retry-after"].flatMap { RetryAfter.seconds($0) } }
}

/// `Retry-After`: delta-seconds or an HTTP date.
enum RetryAfter {
    static func seconds(_ value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = BoundedSeconds.parse(trimmed) { return seconds }
        // A number that is not finite or not positive says nothing usable: back off as usual.
        if Double(trimmed) != nil { return nil }
        guard let date = InstantText.parse(trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

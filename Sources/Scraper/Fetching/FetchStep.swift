import Foundation
import Synchronization

/// One request on its way through the fetcher's policies: its URL and where it goes,
/// the headers a policy adds, which try it is, and which answers are a record of
/// another time rather than the server's state now.
public struct PageRequest: Sendable {
    public let url: String
    /// Scheme, host and port (what robots.txt and the pace apply to), and the rest.
    let target: RequestTarget
    public var headers: [String: String] = [:]
    /// 0 for the first try, 1 for the first retry.
    var attempt = 0
    /// Redirects are followed (a page), or returned as they came (an archived capture
    /// that is a redirect is not the page).
    let followsRedirects: Bool
    /// An archive's memento of a 429 or a 503 is a record of its crawl, not the archive
    /// now: not retried, and nothing paused for it.
    let recorded: @Sendable (HTTPResponse) -> Bool

    /// Nil for a URL that is not http(s) with a host.
    init?(_ url: String, followsRedirects: Bool = true, recorded: @escaping @Sendable (HTTPResponse) -> Bool = { _ in false }) {
        guard let target = RequestTarget(url) else { return nil }
        self.url = url
        self.target = target
        self.followsRedirects = followsRedirects
        self.recorded = recorded
    }

    /// The same request, sent to `url` (a redirect's next hop); nil when it is no http(s) URL.
    func sent(to url: String) -> PageRequest? {
        PageRequest(url, followsRedirects: followsRedirects, recorded: recorded)
    }
}

/// A policy a request meets on its way to the server, in the order `PageFetcher`
/// lists them: it may answer the request itself, change it, or pass it on to the
/// rest (`next`), as often as it needs (a retry, a redirect's next hop), and look at
/// the answer on its way back. Each is one small file, as swift-nio's channel handlers are.
protocol FetchStep: Sendable {
    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError>
}

/// The policies after one, and the server at the end: a request handed on.
typealias FetchNext = @Sendable (PageRequest) async -> Result<HTTPResponse, FetchError>

/// What the policies of one fetcher share: whether it stopped starting requests, and its counts.
final class FetchState: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let counters = Mutex(FetchStatistics())

    /// From now on no request starts, and every wait is cut short.
    func stop() { stopping.store(true, ordering: .releasing) }

    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    var statistics: FetchStatistics { counters.withLock { $0 } }

    func count(_ change: (inout FetchStatistics) -> Void) { counters.withLock { change(&$0) } }

    /// Waits `seconds` (bounded), cut short by a stop.
    func wait(_ seconds: Double) async {
        let clock = ContinuousClock()
        _ = await clock.sleep(until: clock.now + BoundedSeconds.duration(seconds), unless: { self.isStopping })
    }
}

/// Scheme, host and port (the unit robots.txt and the pace apply to), and the rest.
struct RequestTarget: Sendable {
    let origin: String
    let pathAndQuery: String

    init?(_ url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return nil }
        origin = "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")"
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        pathAndQuery = path + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }
}

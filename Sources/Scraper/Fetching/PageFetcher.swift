import Foundation
import Logging
import PageText
import Synchronization

/// Fetches pages the polite way: each request meets the policies in this order,
/// each a `FetchStep` of its own (Sources/Scraper/Fetching):
///
/// 1. `FollowRedirects`: hop by hop, each hop through every policy below;
/// 2. `RobotsRule`: robots.txt on every host (asked through the policies below it);
/// 3. `ConditionalCache`: a kept page revalidated (ETag, Last-Modified);
/// 4. `Retries`: backoff on 429, 5xx, timeouts and dropped connections, Retry-After honoured;
/// 5. `TooManyRequestsPause`: for a service that blocks for ignored 429s, a pause and
///    one more try, or a stop;
/// 6. `Pacing`: the cap on requests in flight, the host's pace and the machine's
///    shared budget, and a pause a server asks for;
///
/// then `Transport` sends it.
public final class PageFetcher: Sendable {
    public let client: HTTPClient
    public let policy: FetchPolicy
    private let state = FetchState()
    private let tooManyRequests: TooManyRequestsPause?
    private let chain: FetchNext

    /// `logger` gets the HTTP trace at debug level: each request, its status or
    /// failure, its time, retries and waits (`--verbose`). Fetchers given one `robots`
    /// ask each origin's robots.txt once between them (the archive's index and
    /// playback fetchers, which share a host). `silence` says a request's wait while no
    /// answer comes (terminals only).
    public init(client: HTTPClient, policy: FetchPolicy = FetchPolicy(), cache: ResponseCache? = nil, robots: RobotsCache = RobotsCache(),
                logger: Logger = Logger(label: "cpvanity.http", factory: { _ in SwiftLogNoOpLogHandler() }), silence: SilenceNotice? = nil) {
        self.client = client
        self.policy = policy
        let state = state
        let pacer = HostRateLimiter(rate: policy.ratePerHost, shared: policy.sharedBudget)
        let pause = policy.pauseOn429.map { TooManyRequestsPause(pause: $0, longest: policy.maxRetryAfter, state: state, logger: logger) }
        tooManyRequests = pause
        let transport = Transport(client: client, tries: policy.retries + 1, silence: silence, state: state, logger: logger)
        // Below robots.txt and the cache: what robots.txt itself is asked through.
        var sending: [any FetchStep] = [Retries(policy: policy, state: state, logger: logger)]
        if let pause { sending.append(pause) }
        sending.append(Pacing(limiter: ConcurrencyLimiter(limit: policy.concurrency), pacer: pacer, policy: policy, state: state))
        let redirects = FollowRedirects(most: policy.maxRedirects)
        let robotsChain = PageFetcher.chain([redirects] + sending, send: transport.send)
        var steps: [any FetchStep] = [redirects]
        if policy.respectRobots {
            steps.append(RobotsRule(robots: robots, pacer: pacer, longest: policy.maxRetryAfter, ask: robotsChain))
        }
        if let cache { steps.append(ConditionalCache(cache: cache, state: state)) }
        chain = PageFetcher.chain(steps + sending, send: transport.send)
    }

    /// `steps` in their order, ending in `send`: each hands a request to the rest.
    private static func chain(_ steps: [any FetchStep], send: @escaping FetchNext) -> FetchNext {
        steps.reversed().reduce(send) { next, step in { await step.fetch($0, next: next) } }
    }

    /// Why this fetcher stopped every request of its own accord (the service's 429s
    /// went on after a pause); nil while it has not.
    public var refusal: String? { tooManyRequests?.refusal }

    /// What this fetcher has done so far.
    public var statistics: FetchStatistics { state.statistics }

    /// From now on no request starts: requests under way finish, and every fetch
    /// still waiting for its turn (or about to retry) returns `.stopped` at once.
    /// What Ctrl-C does to a batch.
    public func stopStartingRequests() {
        state.stop()
    }

    /// True once `stopStartingRequests` was called.
    public var isStopping: Bool { state.isStopping }

    /// The response for `url` (any status), or why there is none. Retryable
    /// statuses that keep failing come back as the last response.
    /// `followingRedirects: false` returns a redirect as it came (an archived capture
    /// that is a redirect is not the page). `recorded` says which answers are a record
    /// of another time, not the server's state now (an archive's memento of a 429 or a
    /// 503): those are not retried.
    public func fetch(_ url: String, followingRedirects: Bool = true,
                      recorded: @escaping @Sendable (HTTPResponse) -> Bool = { _ in false }) async -> Result<HTTPResponse, FetchError> {
        guard let request = PageRequest(url, followsRedirects: followingRedirects, recorded: recorded) else { return .failure(.invalidURL(url)) }
        return await chain(request)
    }
}

import Foundation
import Logging
import PageText
import Synchronization

/// Fetches pages the polite way: a global cap on requests in flight, a per-host
/// pace, robots.txt, retries with backoff (and `Retry-After` honoured) on 429, 5xx,
/// timeouts and connection errors, and an optional revalidating cache.
public final class PageFetcher: Sendable {
    public let client: HTTPClient
    public let policy: FetchPolicy
    private let cache: ResponseCache?
    private let limiter: ConcurrencyLimiter
    private let pacer: HostRateLimiter
    private let robots: RobotsCache
    private let logger: Logger
    /// Says a request's wait while no answer comes (terminals only; nil: nothing said).
    private let silence: SilenceNotice?
    private let counters = Mutex(FetchStatistics())
    private let stopping = Atomic<Bool>(false)
    private let tooManyRequests: TooManyRequests?

    /// `logger` gets the HTTP trace at debug level: each request, its status or
    /// failure, its time, retries and waits (`--verbose`). Fetchers given one `robots`
    /// ask each origin's robots.txt once between them (the archive's index and
    /// playback fetchers, which share a host).
    public init(client: HTTPClient, policy: FetchPolicy = FetchPolicy(), cache: ResponseCache? = nil, robots: RobotsCache = RobotsCache(),
                logger: Logger = Logger(label: "cpvanity.http", factory: { _ in SwiftLogNoOpLogHandler() }), silence: SilenceNotice? = nil) {
        self.silence = silence
        self.client = client
        self.policy = policy
        self.cache = cache
        self.logger = logger
        limiter = ConcurrencyLimiter(limit: policy.concurrency)
        pacer = HostRateLimiter(rate: policy.ratePerHost, shared: policy.sharedBudget)
        self.robots = robots
        tooManyRequests = policy.pauseOn429.map { TooManyRequests(pause: $0) }
    }

    /// Why this fetcher stopped every request of its own accord (the service's 429s
    /// went on after a pause); nil while it has not.
    public var refusal: String? { tooManyRequests?.refusal }

    /// What this fetcher has done so far.
    public var statistics: FetchStatistics { counters.withLock { $0 } }

    /// From now on no request starts: requests under way finish, and every fetch
    /// still waiting for its turn (or about to retry) returns `.stopped` at once.
    /// What Ctrl-C does to a batch.
    public func stopStartingRequests() {
        stopping.store(true, ordering: .releasing)
    }

    /// True once `stopStartingRequests` was called.
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// The response for `url` (any status), or why there is none. Retryable
    /// statuses that keep failing come back as the last response. Redirects are
    /// followed here, not by libcurl, so every host a request lands on is asked for
    /// its robots.txt and paced like the first. `followingRedirects: false` returns a
    /// redirect as it came (an archived capture that is a redirect is not the page).
    /// `recorded` says which answers are a record of another time, not the server's
    /// state now (an archive's memento of a 429 or a 503): those are not retried.
    public func fetch(_ url: String, followingRedirects: Bool = true,
                      recorded: @escaping @Sendable (HTTPResponse) -> Bool = { _ in false }) async -> Result<HTTPResponse, FetchError> {
        var current = url
        for _ in 0...policy.maxRedirects {
            let result = await fetchOne(current, recorded: recorded)
            // The site answered with a redirect: what then fails is the place it sent the
            // request to, not the site (a member's link to a dead host is no outage).
            if current != url, case .failure(let error) = result, !error.isStopped {
                return .failure(.redirected(from: url, to: URLCredentials.redacted(current), error))
            }
            guard followingRedirects, case .success(let response) = result, [301, 302, 303, 307, 308].contains(response.status),
                  let location = response.headers["location"],
                  let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: URL(string: current))?.absoluteURL,
                  let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return result.map { response in
                    var whole = HTTPResponse(url: url, finalURL: current, status: response.status, headers: response.headers, body: response.body)
                    whole.fromCache = response.fromCache
                    return whole
                }
            }
            current = next.absoluteString
        }
        return .failure(.tooManyRedirects(url: url, limit: policy.maxRedirects))
    }

    private func fetchOne(_ url: String, recorded: @escaping @Sendable (HTTPResponse) -> Bool) async -> Result<HTTPResponse, FetchError> {
        guard let target = RequestTarget(url) else { return .failure(.invalidURL(url)) }
        if policy.respectRobots {
            // Asked once for every member: no member's turn holds it up.
            switch await robots.rules(for: target.origin, fetch: { await RequestOrder.unranked { await self.fetchRobots(target.origin) } }) {
            case .success(let rules):
                if let delay = rules.crawlDelay {
                    // A site asking for longer between requests than cpvanity would wait
                    // for a Retry-After is one that does not want to be crawled.
                    guard delay <= policy.maxRetryAfter else {
                        return .failure(.crawlDelayTooLong(origin: target.origin, seconds: delay, longest: policy.maxRetryAfter))
                    }
                    await pacer.slowDown(host: target.origin, interval: delay)
                }
                guard rules.allows(target.pathAndQuery) else { return .failure(.disallowedByRobots(url)) }
            case .failure(let error):
                return .failure(error)
            }
        }
        let cached = cache?.entry(for: url)
        var headers = [String: String]()
        if let etag = cached?.etag { headers["If-None-Match"] = etag }
        if let lastModified = cached?.lastModified { headers["If-Modified-Since"] = lastModified }

        switch await fetchWithRetries(url, origin: target.origin, headers: headers, recorded: recorded) {
        case .failure(let error):
            return .failure(error)
        case .success(let response):
            if response.status == 304, let cached {
                counters.withLock { $0.revalidated += 1 }
                var fromCache = HTTPResponse(url: url, finalURL: response.finalURL, status: 200,
                                             headers: ["content-type": cached.contentType ?? "", "etag": cached.etag ?? "",
                                                       "last-modified": cached.lastModified ?? ""].filter { !$0.value.isEmpty },
                                             body: cached.body)
                fromCache.fromCache = true
                return .success(fromCache)
            }
            cache?.store(response)
            return .success(response)
        }
    }

    private func fetchWithRetries(_ url: String, origin: String, headers: [String: String],
                                  recorded: @escaping @Sendable (HTTPResponse) -> Bool) async -> Result<HTTPResponse, FetchError> {
        var attempt = 0
        var resends = 0
        while true {
            let outcome: Result<HTTPResponse, TransportError>
            let started: ContinuousClock.Instant
            switch await sendInTurn(url, origin: origin, headers: headers, attempt: attempt, recorded: recorded) {
            case .ended(let error): return .failure(error)
            case .answered(let answer, let at): (outcome, started) = (answer, at)
            }
            let retryable: Bool
            var wait: Double?
            switch outcome {
            case .success(let response) where response.status == 429 && tooManyRequests != nil && !recorded(response):
                // Never a retry loop against a service that blocks for it: pause all, send once more, or stop.
                guard let seconds = await answer429(response, origin: origin, sent: started), resends < 2 else {
                    return .failure(.stopped(url))
                }
                resends += 1
                let clock = ContinuousClock()
                _ = await clock.sleep(until: clock.now + BoundedSeconds.duration(seconds), unless: { isStopping })
                continue
            case .success(let response):
                retryable = [429, 500, 502, 503, 504].contains(response.status) && !recorded(response)
                if retryable, let seconds = response.retryAfter {
                    guard seconds <= policy.maxRetryAfter else {
                        return .failure(.retryAfterTooLong(url: url, status: response.status, seconds: seconds))
                    }
                    wait = seconds
                    await pacer.pause(host: origin, seconds: seconds)
                }
            case .failure(let error):
                switch error {
                case .timeout, .network: retryable = true
                case .tooLarge, .cancelled: retryable = false
                }
            }
            guard retryable, attempt < policy.retries, !Task.isCancelled else {
                return outcome.mapError { .transport($0.after(retries: attempt)) }
            }
            attempt += 1
            counters.withLock { $0.retries += 1 }
            let delay = max(wait ?? 0, policy.backoff(beforeAttempt: attempt))
            logger.debug("retry \(attempt) of \(policy.retries) in \(String(format: "%.2f", delay)) s\(wait != nil ? " (Retry-After)" : ""): \(URLCredentials.redacted(url))")
            // Cut short by a stop; the loop's top then returns `.stopped`.
            let clock = ContinuousClock()
            _ = await clock.sleep(until: clock.now + BoundedSeconds.duration(delay), unless: { isStopping })
        }
    }

    private enum Sent {
        case answered(Result<HTTPResponse, TransportError>, ContinuousClock.Instant)
        case ended(FetchError)
    }

    /// One request sent when the pace and the cap on requests in flight allow (or not
    /// at all, once stopped), with when it was sent.
    private func sendInTurn(_ url: String, origin: String, headers: [String: String], attempt: Int,
                            recorded: @Sendable (HTTPResponse) -> Bool) async -> Sent {
        if isStopping { return .ended(.stopped(url)) }
        // In the list's order: a member's first request after those of the members before it.
        await limiter.acquire()
        let onTime = await pacer.waitForTurn(host: origin, stopped: { self.isStopping })
        if Task.isCancelled {
            limiter.release()
            return .ended(.transport(.cancelled))
        }
        if !onTime || isStopping {
            limiter.release()
            return .ended(.stopped(url))
        }
        counters.withLock { $0.requests += 1 }
        let outcome: Result<HTTPResponse, TransportError>
        let started = ContinuousClock.now
        let watch = silence?.watch(origin.components(separatedBy: "://").last ?? origin, attempt: attempt + 1, of: policy.retries + 1)
        do {
            outcome = .success(try await client.get(url, headers: headers))
        } catch {
            outcome = .failure(error)
        }
        watch?.end()
        // A service that blocks for ignored 429s is paused before the next request can
        // take this one's place (what else the 429 means is decided after).
        if tooManyRequests != nil, case .success(let response) = outcome, response.status == 429, !recorded(response) {
            let retryAfter = response.retryAfter
            await pacer.pause(host: origin, seconds: min(retryAfter ?? policy.pauseOn429 ?? 0, policy.maxRetryAfter))
        }
        limiter.release()
        trace(url, outcome, since: started, attempt: attempt, conditional: !headers.isEmpty)
        return .answered(outcome, started)
    }

    /// A 429 from a service that blocks for ignored ones: the seconds to wait before the
    /// request is sent once more, or nil when every request is stopped.
    private func answer429(_ response: HTTPResponse, origin: String, sent: ContinuousClock.Instant) async -> Double? {
        guard let guardian = tooManyRequests else { return nil }
        let retryAfter = response.retryAfter
        let verdict = retryAfter.map { $0 > policy.maxRetryAfter } == true
            ? .refuse("\(origin) answered 429 (too many requests) asking for \(Int(retryAfter ?? 0)) s; every request to it is stopped; try again after that")
            : guardian.verdict(host: origin, retryAfter: retryAfter, sent: sent)
        switch verdict {
        case .pause(let seconds):
            // The pacer was paused as the answer came in (`sendInTurn`).
            logger.notice("\(origin) answered 429 (too many requests): every request to it pauses \(Int(seconds.rounded(.up))) s")
            return seconds
        case .resend(let seconds):
            return seconds
        case .refuse:
            stopStartingRequests()
            return nil
        }
    }

    /// robots.txt per RFC 9309: 4xx means no rules; 5xx or no answer means keep out
    /// (the site may be struggling) until the next run. Keeping out is reported as
    /// the reason itself, not as a rule the site never wrote.
    /// One line of the HTTP trace: `GET url -> 200 (12 ms, 48,211 bytes)`.
    private func trace(_ url: String, _ outcome: Result<HTTPResponse, TransportError>, since started: ContinuousClock.Instant,
                       attempt: Int, conditional: Bool) {
        guard logger.logLevel <= .debug else { return }
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        let what: String
        switch outcome {
        case .success(let response):
            what = "\(response.status) (\(milliseconds) ms, \(response.body.count) bytes\(conditional ? ", conditional" : ""))"
        case .failure(let error):
            what = "failed after \(milliseconds) ms: \(error)"
        }
        logger.debug("GET \(URLCredentials.redacted(url)) -> \(what)\(attempt > 0 ? " [attempt \(attempt + 1)]" : "")")
    }

    private func fetchRobots(_ origin: String) async -> Result<RobotsCache.Fetched, FetchError> {
        let url = origin + "/robots.txt"
        // RFC 9309: follow at least five redirects (http to https, say), paced per host.
        var current = url, result = await fetchWithRetries(url, origin: origin, headers: [:], recorded: { _ in false })
        for _ in 0..<policy.maxRedirects {
            guard case .success(let response) = result, (300..<400).contains(response.status),
                  let location = response.headers["location"],
                  let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: URL(string: current))?.absoluteURL,
                  let target = RequestTarget(next.absoluteString) else { break }
            current = next.absoluteString
            result = await fetchWithRetries(current, origin: target.origin, headers: [:], recorded: { _ in false })
        }
        switch result {
        case .success(let response) where (200..<300).contains(response.status):
            let text = String(decoding: response.body.prefix(KeptRobots.mostBytes), as: UTF8.self)
            return .success(RobotsCache.Fetched(rules: RobotsRules(parsing: text), text: text,
                                                keepFor: KeptRobots.seconds(cacheControl: response.headers["cache-control"])))
        case .success(let response) where (400..<500).contains(response.status):
            return .success(RobotsCache.Fetched(rules: .allowAll, keepFor: KeptRobots.seconds(cacheControl: response.headers["cache-control"])))
        case .success(let response):
            return .failure(.robotsUnavailable(url: url, status: response.status))
        case .failure(let error):
            return .failure(error)
        }
    }
}

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

/// Scheme, host and port (the unit robots.txt and the pace apply to), and the rest.
struct RequestTarget {
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

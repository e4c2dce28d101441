/// How hard cpvanity may lean on a site. The defaults are polite on purpose: a
/// member lookup is two pages, and a batch of hundreds should not look like an
/// attack. See docs/politeness.md.
public struct FetchPolicy: Sendable {
    /// Requests in flight at once, across all hosts.
    public var concurrency: Int
    /// Requests started per second per host; 0 means no limit (for a local replica).
    public var ratePerHost: Double
    /// Further attempts after a 5xx, a 429, a timeout or a connection error.
    public var retries: Int
    /// First backoff, seconds; doubled each attempt, with jitter.
    public var backoffBase: Double
    /// Longest backoff between two attempts, seconds.
    public var backoffCap: Double
    /// A `Retry-After` longer than this (seconds) is not waited for: the request fails.
    public var maxRetryAfter: Double
    /// Ask robots.txt first, and keep out of what it disallows.
    public var respectRobots: Bool
    /// Redirects followed for one page, each to a host whose robots.txt is asked too.
    public var maxRedirects = 5
    /// For a service that blocks an address going on after its 429s (a web archive):
    /// a 429 pauses every request to it for its Retry-After, else this many seconds, and
    /// a second within a minute of the pause stops every request (`TooManyRequestsPause`).
    /// Nil: a 429 is retried like a 503.
    public var pauseOn429: Double?
    /// The pace shared with every process on the machine (a public service's budget is
    /// one address's); nil: this process's own.
    public var sharedBudget: SharedBudget?

    /// Retries unless asked otherwise (`--retries`): a 5xx, a 429 or a dropped
    /// connection is usually passing, and three waits of growing length outlast most.
    public static let defaultRetries = 3

    public init(concurrency: Int = 8, ratePerHost: Double = 4, retries: Int = FetchPolicy.defaultRetries, backoffBase: Double = 0.5,
                backoffCap: Double = 30, maxRetryAfter: Double = 120, respectRobots: Bool = true) {
        self.concurrency = max(1, concurrency)
        self.ratePerHost = max(0, ratePerHost)
        self.retries = max(0, retries)
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.maxRetryAfter = maxRetryAfter
        self.respectRobots = respectRobots
    }

    /// Seconds to wait before attempt `attempt` (1 = the first retry): exponential,
    /// with "equal jitter" so a crowd of failed requests does not retry in step.
    func backoff(beforeAttempt attempt: Int, random: Double = Double.random(in: 0...1)) -> Double {
        let exponential = min(backoffCap, backoffBase * pow2(attempt - 1))
        return exponential / 2 + exponential / 2 * random
    }

    private func pow2(_ n: Int) -> Double {
        var value = 1.0
        for _ in 0..<max(0, min(n, 62)) { value *= 2 }
        return value
    }
}

import Foundation

/// robots.txt on every host a request goes to, asked once for every member (no
/// member's turn holds it up): what it disallows is not fetched, and its Crawl-delay
/// slows the host's pace (a longer one than a Retry-After cpvanity waits for leaves
/// the site alone).
struct RobotsRule: FetchStep {
    let robots: RobotsCache
    let pacer: HostRateLimiter
    /// The longest Crawl-delay kept to.
    let longest: Double
    /// robots.txt's answer for an origin, asked through the policies below this one.
    let ask: FetchNext

    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError> {
        let origin = request.target.origin
        let ask = ask
        switch await robots.rules(for: origin, fetch: { await RequestOrder.unranked { await RobotsRule.fetched(origin, ask: ask) } }) {
        case .success(let rules):
            if let delay = rules.crawlDelay {
                // A site asking for longer between requests than cpvanity would wait
                // for a Retry-After is one that does not want to be crawled.
                guard delay <= longest else { return .failure(.crawlDelayTooLong(origin: origin, seconds: delay, longest: longest)) }
                await pacer.slowDown(host: origin, interval: delay)
            }
            guard rules.allows(request.target.pathAndQuery) else { return .failure(.disallowedByRobots(request.url)) }
            return await next(request)
        case .failure(let error):
            return .failure(error)
        }
    }

    /// robots.txt per RFC 9309: 4xx means no rules; 5xx or no answer means keep out
    /// (the site may be struggling) until the next run. Keeping out is reported as
    /// the reason itself, not as a rule the site never wrote. Kept as its Cache-Control says.
    static func fetched(_ origin: String, ask: FetchNext) async
        -> Result<RobotsCache.Fetched, FetchError> {
        let url = origin + "/robots.txt"
        guard let request = PageRequest(url) else { return .failure(.invalidURL(url)) }
        switch await ask(request) {
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

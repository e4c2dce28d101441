/// Spaces out the requests to each host: a request may start only at its host's
/// next free slot, and slots are `1 / rate` apart. A host that answered 429 or 503
/// with `Retry-After` is paused as a whole, not just the one request.
actor HostRateLimiter {
    private let clock = ContinuousClock()
    private let defaultInterval: Duration
    private var nextSlot: [String: ContinuousClock.Instant] = [:]
    private var intervals: [String: Duration] = [:]

    /// `rate` requests per second per host; 0 means unlimited. Slots get a millisecond
    /// of slack on top, so that timer jitter never puts rate + 1 starts in one second.
    init(rate: Double) {
        defaultInterval = rate > 0 && rate.isFinite ? BoundedSeconds.duration(1 / rate) + .milliseconds(1) : .zero
    }

    /// Waits until this request's slot, and books it. Returns early, false, when
    /// `stopped` turns true (checked every 100 ms): a stopped run does not sit out
    /// every booked slot before it can end.
    func waitForTurn(host: String, stopped: @Sendable () -> Bool = { false }) async -> Bool {
        let now = clock.now
        let slot = max(now, nextSlot[host] ?? now)
        nextSlot[host] = slot + (intervals[host] ?? defaultInterval)
        guard await clock.sleep(until: slot, unless: stopped) else { return false }
        return !stopped()
    }

    /// No request to `host` starts for `seconds` from now.
    func pause(host: String, seconds: Double) {
        let until = clock.now + BoundedSeconds.duration(seconds)
        nextSlot[host] = max(nextSlot[host] ?? until, until)
    }

    /// A slower pace for one host (robots.txt's Crawl-delay); never a faster one.
    func slowDown(host: String, interval seconds: Double) {
        let requested = BoundedSeconds.duration(seconds)
        intervals[host] = max(requested, defaultInterval)
    }
}

import Foundation

/// Spaces out the requests to each host: a request may start only at its host's
/// next free slot, and slots are `1 / rate` apart. A host that answered 429 or 503
/// with `Retry-After` is paused as a whole, not just the one request.
actor HostRateLimiter {
    private let clock = ContinuousClock()
    private let defaultInterval: Duration
    private var nextSlot: [String: ContinuousClock.Instant] = [:]
    private var intervals: [String: Duration] = [:]
    /// Hosts paused as a whole (429, 503 with Retry-After) until then: a request whose
    /// slot was booked before the pause waits it out too.
    private var pausedUntil: [String: ContinuousClock.Instant] = [:]
    /// The budget other processes on the machine share, when there is one.
    private let shared: SharedBudget?

    /// `rate` requests per second per host; 0 means unlimited. Slots get a millisecond
    /// of slack on top, so that timer jitter never puts rate + 1 starts in one second.
    init(rate: Double, shared: SharedBudget? = nil) {
        defaultInterval = rate > 0 && rate.isFinite ? BoundedSeconds.duration(1 / rate) + .milliseconds(1) : .zero
        self.shared = shared
    }

    /// Waits until this request's slot, and books it. Returns early, false, when
    /// `stopped` turns true (checked every 100 ms): a stopped run does not sit out
    /// every booked slot before it can end.
    func waitForTurn(host: String, stopped: @Sendable () -> Bool = { false }) async -> Bool {
        let now = clock.now, wallNow = Date()
        let interval = intervals[host] ?? defaultInterval
        let own = max(now, nextSlot[host] ?? now)
        // Taken before the machine's budget is asked (off this actor, while others may
        // ask for their turns): the next request of this process comes after it.
        nextSlot[host] = own + interval
        // The machine's budget, when there is one: the slot every process's bookings
        // leave free, no earlier than this process's own pace allows.
        let booked = await shared?.booking(host: host, interval: BoundedSeconds.seconds(interval),
                                           notBefore: wallNow.addingTimeInterval(BoundedSeconds.seconds(own - now)))
        let slot = max(own, booked.map { now + BoundedSeconds.duration($0.timeIntervalSince(wallNow)) } ?? own)
        nextSlot[host] = max(nextSlot[host] ?? slot + interval, slot + interval)
        guard await clock.sleep(until: slot, unless: stopped) else {
            // A stopped run leaves no slot for a later one to wait out.
            if let booked, slot > clock.now { await shared?.releasing(host: host, slot: booked) }
            return false
        }
        return await pauseWaited(host, stopped: stopped)
    }

    /// A pause that began while this request slept toward its slot is waited out too.
    private func pauseWaited(_ host: String, stopped: @Sendable () -> Bool) async -> Bool {
        while let until = pausedUntil[host], until > clock.now {
            guard await clock.sleep(until: until, unless: stopped) else { return false }
        }
        return !stopped()
    }

    /// No request to `host` starts for `seconds` from now.
    func pause(host: String, seconds: Double) async {
        let until = clock.now + BoundedSeconds.duration(seconds)
        nextSlot[host] = max(nextSlot[host] ?? until, until)
        pausedUntil[host] = max(pausedUntil[host] ?? until, until)
        await shared?.pausing(host: host, until: Date().addingTimeInterval(min(max(seconds, 0), 86_400)))
    }

    /// A slower pace for one host (robots.txt's Crawl-delay); never a faster one.
    func slowDown(host: String, interval seconds: Double) {
        let requested = BoundedSeconds.duration(seconds)
        intervals[host] = max(requested, defaultInterval)
    }
}

extension ContinuousClock {
    /// Sleeps until `deadline`, waking every 100 ms to ask `stopped`: a stopped run
    /// must not sit out a rate slot, a backoff or a Retry-After of minutes. False when
    /// `stopped` (or the task's cancellation) cut the sleep short.
    func sleep(until deadline: Instant, unless stopped: () -> Bool) async -> Bool {
        while now < deadline {
            if stopped() || Task.isCancelled { return false }
            try? await sleep(until: min(deadline, now + .milliseconds(100)))
        }
        return true
    }
}

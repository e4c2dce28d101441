/// Each request in its turn: the cap on requests in flight (in the list's order), then
/// its host's pace and the machine's shared budget; none starts once the fetcher is
/// stopped. A server that asks for a pause (a 429, a 5xx with Retry-After) gets it, for
/// every request to the host, before the next request can take this one's place.
struct Pacing: FetchStep {
    let limiter: ConcurrencyLimiter
    let pacer: HostRateLimiter
    let policy: FetchPolicy
    let state: FetchState

    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError> {
        if state.isStopping { return .failure(.stopped(request.url)) }
        // In the list's order: a member's first request after those of the members before it.
        await limiter.acquire()
        let origin = request.target.origin
        let onTime = await pacer.waitForTurn(host: origin, stopped: { state.isStopping })
        if Task.isCancelled {
            limiter.release()
            return .failure(.transport(.cancelled))
        }
        if !onTime || state.isStopping {
            limiter.release()
            return .failure(.stopped(request.url))
        }
        let result = await next(request)
        if case .success(let response) = result, let seconds = pause(askedBy: response, to: request) {
            await pacer.pause(host: origin, seconds: seconds)
        }
        limiter.release()
        return result
    }

    /// The seconds every request to the host waits after `response`: a 429 from a
    /// service that blocks for ignored ones its Retry-After (else the policy's pause),
    /// any other 429 or 5xx its Retry-After when it is one cpvanity waits for.
    func pause(askedBy response: HTTPResponse, to request: PageRequest) -> Double? {
        guard Retries.statuses.contains(response.status), !request.recorded(response) else { return nil }
        if response.status == 429, let pause = policy.pauseOn429 { return min(response.retryAfter ?? pause, policy.maxRetryAfter) }
        guard let seconds = response.retryAfter, seconds <= policy.maxRetryAfter else { return nil }
        return seconds
    }
}

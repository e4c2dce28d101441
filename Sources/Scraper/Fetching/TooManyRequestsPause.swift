import Logging

/// A service that blocks an address going on after its 429s (a web archive): a 429 is
/// never retried in a loop. The first pauses every request to it (the pause itself is
/// the pace's, `Pacing`) and this request is sent once more after it; a second within
/// a minute of the pause's end stops every request, with a refusal that says why
/// (`TooManyRequests`). A 429 that is an archive's record of its crawl is only a page.
struct TooManyRequestsPause: FetchStep {
    let guardian: TooManyRequests
    let longest: Double
    let state: FetchState
    let logger: Logger

    /// Times one request is sent again after a pause.
    static let mostResends = 2

    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError> {
        var resends = 0
        while true {
            let result = await next(request)
            guard case .success(let response) = result, response.status == 429, !request.recorded(response) else { return result }
            guard let seconds = verdict(response, origin: request.target.origin), resends < TooManyRequestsPause.mostResends else {
                return .failure(.stopped(request.url))
            }
            resends += 1
            await state.wait(seconds)
        }
    }

    /// The seconds to wait before the request is sent once more, or nil when every
    /// request is stopped.
    private func verdict(_ response: HTTPResponse, origin: String) -> Double? {
        let retryAfter = response.retryAfter
        let verdict = retryAfter.map { $0 > longest } == true
            ? .refuse("\(origin) answered 429 (too many requests) asking for \(Int(retryAfter ?? 0)) s; every request to it is stopped; try again after that")
            : guardian.verdict(host: origin, retryAfter: retryAfter, sent: response.sentAt ?? ContinuousClock.now)
        switch verdict {
        case .pause(let seconds):
            logger.notice("\(origin) answered 429 (too many requests): every request to it pauses \(Int(seconds.rounded(.up))) s")
            return seconds
        case .resend(let seconds):
            return seconds
        case .refuse:
            state.stop()
            return nil
        }
    }
}

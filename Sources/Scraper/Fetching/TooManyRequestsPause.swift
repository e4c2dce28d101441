import Foundation
import Logging
import Synchronization

/// A service that blocks an address going on after its 429s: the Wayback Machine
/// blocks one at its firewall for an hour after a minute of ignored 429s, doubling each
/// time. So a 429 is never retried in a loop: the first pauses every request to the
/// service (its Retry-After, else `pause` seconds; the pause itself is the pace's,
/// `Pacing`) and the request is sent once more after it; another 429 within a minute of
/// the pause's end stops every request, with a refusal that says why and when to try
/// again. A 429 to a request sent before the pause began is the same episode, not a
/// second one; a 429 that is an archive's record of its crawl is only a page.
final class TooManyRequestsPause: FetchStep {
    /// Seconds paused after a 429 without Retry-After.
    let pause: Double
    /// A Retry-After longer than this stops every request at once.
    let longest: Double
    let state: FetchState
    let logger: Logger

    /// Times one request is sent again after a pause.
    static let mostResends = 2
    /// How long after a pause a second 429 still stops the run.
    static let watch: Duration = .seconds(60)
    /// When to try again after a refusal, from now.
    static let tryAgainAfter: TimeInterval = 5 * 60

    private struct Episode {
        var pauseStart: ContinuousClock.Instant?
        var pauseEnd: ContinuousClock.Instant?
        var refusal: String?
    }

    private let episode = Mutex(Episode())

    init(pause: Double, longest: Double, state: FetchState, logger: Logger) {
        self.pause = pause
        self.longest = longest
        self.state = state
        self.logger = logger
    }

    /// Why every request stopped, once one did.
    var refusal: String? { episode.withLock { $0.refusal } }

    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError> {
        var resends = 0
        while true {
            let result = await next(request)
            guard case .success(let response) = result, response.status == 429, !request.recorded(response) else { return result }
            guard let seconds = wait(after: response, origin: request.target.origin), resends < TooManyRequestsPause.mostResends else {
                return .failure(.stopped(request.url))
            }
            resends += 1
            await state.wait(seconds)
        }
    }

    /// The seconds to wait before the request is sent once more, or nil when every
    /// request is stopped.
    private func wait(after response: HTTPResponse, origin: String) -> Double? {
        let retryAfter = response.retryAfter
        let verdict = retryAfter.map { $0 > longest } == true
            ? .refuse("\(origin) answered 429 (too many requests) asking for \(Int(retryAfter ?? 0)) s; every request to it is stopped; try again after that")
            : verdict(host: origin, retryAfter: retryAfter, sent: response.sentAt ?? ContinuousClock.now)
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

    /// What to do about a 429 from `host` to a request sent at `sent`.
    func verdict(host: String, retryAfter: Double?, sent: ContinuousClock.Instant,
                 now: ContinuousClock.Instant = ContinuousClock.now, wallClock: Date = Date()) -> Verdict {
        episode.withLock { episode in
            if let refusal = episode.refusal { return .refuse(refusal) }
            if let start = episode.pauseStart, let end = episode.pauseEnd {
                // Sent before the pause began: the archive had not said so yet.
                if sent < start { return .resend(after: max(0, BoundedSeconds.seconds(end - now))) }
                if now < end + TooManyRequestsPause.watch {
                    let again = wallClock.addingTimeInterval(TooManyRequestsPause.tryAgainAfter)
                    let refusal = "\(host) answered 429 (too many requests) again within a minute of the pause for its last one; "
                        + "every request to it is stopped, as it blocks an address that goes on for a minute; "
                        + "try again after \(TooManyRequestsPause.clock(again)) UTC (another process on this machine, or another program at this address, may be using its budget)"
                    episode.refusal = refusal
                    return .refuse(refusal)
                }
            }
            let seconds = retryAfter ?? pause
            episode.pauseStart = now
            episode.pauseEnd = now + BoundedSeconds.duration(seconds)
            return .pause(seconds)
        }
    }

    /// `14:05`, in UTC.
    static func clock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    enum Verdict: Equatable {
        /// Send the request again once the pause is over (in this many seconds).
        case resend(after: Double)
        /// The first 429 of an episode: every request to the host pauses this long.
        case pause(Double)
        /// Stop every request; the refusal says why.
        case refuse(String)
    }
}

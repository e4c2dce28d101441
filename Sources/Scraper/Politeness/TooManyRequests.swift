import Foundation
import Synchronization

/// A service that blocks an address going on after its 429s: the Wayback Machine
/// blocks one at its firewall for an hour after a minute of ignored 429s, doubling each
/// time. So a 429 is never retried in a loop: the first pauses every request to the
/// service (its Retry-After, else `pause` seconds) and the request is sent once more
/// after it; another 429 within a minute of the pause's end stops every request, with
/// a refusal that says why and when to try again. A 429 to a request sent before the
/// pause began is the same episode, not a second one.
final class TooManyRequests: Sendable {
    enum Verdict: Equatable {
        /// Send the request again once the pause is over (in this many seconds).
        case resend(after: Double)
        /// The first 429 of an episode: every request to the host pauses this long.
        case pause(Double)
        /// Stop every request; the refusal says why.
        case refuse(String)
    }

    /// Seconds paused after a 429 without Retry-After.
    let pause: Double
    /// How long after a pause a second 429 still stops the run.
    static let watch: Duration = .seconds(60)
    /// When to try again after a refusal, from now.
    static let tryAgainAfter: TimeInterval = 5 * 60

    private struct State {
        var pauseStart: ContinuousClock.Instant?
        var pauseEnd: ContinuousClock.Instant?
        var refusal: String?
    }

    private let state = Mutex(State())

    init(pause: Double) {
        self.pause = pause
    }

    /// Why every request stopped, once one did.
    var refusal: String? { state.withLock { $0.refusal } }

    /// What to do about a 429 from `host` to a request sent at `sent`.
    func verdict(host: String, retryAfter: Double?, sent: ContinuousClock.Instant,
                 now: ContinuousClock.Instant = ContinuousClock.now, wallClock: Date = Date()) -> Verdict {
        state.withLock { state in
            if let refusal = state.refusal { return .refuse(refusal) }
            if let start = state.pauseStart, let end = state.pauseEnd {
                // Sent before the pause began: the archive had not said so yet.
                if sent < start { return .resend(after: max(0, BoundedSeconds.seconds(end - now))) }
                if now < end + TooManyRequests.watch {
                    let again = wallClock.addingTimeInterval(TooManyRequests.tryAgainAfter)
                    let refusal = "\(host) answered 429 (too many requests) again within a minute of the pause for its last one; "
                        + "every request to it is stopped, as it blocks an address that goes on for a minute; "
                        + "try again after \(TooManyRequests.clock(again)) UTC (another process on this machine, or another program at this address, may be using its budget)"
                    state.refusal = refusal
                    return .refuse(refusal)
                }
            }
            let seconds = retryAfter ?? pause
            state.pauseStart = now
            state.pauseEnd = now + BoundedSeconds.duration(seconds)
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
}

import Foundation
import Synchronization

/// The Wayback Machine's published limits, enforced (`--archive-limits`): at most
/// `index` index requests (CDX, TimeMaps) and `playback` capture requests in any
/// `window` seconds from one address; over a limit, its own bare 429 (no Retry-After);
/// an address that goes on for a window's length after its first 429 is blocked for
/// the rest of the run (the archive's firewall blocks for an hour).
final class ArchiveLimits: Sendable {
    enum Kind: Sendable { case index, playback }

    enum Answer: Equatable, Sendable {
        case serve
        case tooMany
        case blocked
    }

    let index: Int
    let playback: Int
    let window: Double

    private struct State {
        var served: [Kind: [Double]] = [:]
        /// When the current run of 429s began, and the last 429.
        var episodeStart: Double?
        var last429: Double?
        var blocked = false
    }

    private let state = Mutex(State())
    private let started = ContinuousClock.now

    init(index: Int, playback: Int, window: Double) {
        self.index = max(1, index)
        self.playback = max(1, playback)
        self.window = max(0.1, window)
    }

    /// Whether a request of `kind` arriving now is served.
    func admit(_ kind: Kind) -> Answer {
        let elapsed = ContinuousClock.now - started
        let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return state.withLock { state in
            if state.blocked { return .blocked }
            var times = (state.served[kind] ?? []).filter { $0 > now - window }
            if times.count < (kind == .index ? index : playback) {
                times.append(now)
                state.served[kind] = times
                return .serve
            }
            state.served[kind] = times
            // A new run of 429s begins when the last one is a window old.
            if state.last429.map({ now - $0 > window }) ?? true { state.episodeStart = now }
            state.last429 = now
            if let start = state.episodeStart, now - start > window {
                state.blocked = true
                return .blocked
            }
            return .tooMany
        }
    }
}

import Foundation

/// One robots.txt fetch per origin, shared by every request that needs it. The
/// requests that wait for it go on in the order they came (a `Task`'s waiters are
/// resumed last first, which made a batch request its first members from the end).
/// With `kept`, answers are kept on disk for the next run too (`KeptRobots`).
public actor RobotsCache {
    private typealias Answer = Result<RobotsRules, FetchError>
    private enum Entry {
        case fetching(waiting: [CheckedContinuation<Answer, Never>])
        /// Known until `until`: as long as the answer's `Cache-Control` lets it be kept
        /// (24 hours at most); then asked again, in this run too.
        case known(Answer, until: Date)
    }

    /// A robots.txt that may not be kept (`no-store`, `max-age=0`) is still not asked
    /// again by every request of a burst: it is used for a second.
    static let shortest = 1.0

    /// A robots.txt as fetched: its rules, and what of it may be kept for later runs.
    struct Fetched: Sendable {
        let rules: RobotsRules
        /// The text to keep ("" for a 4xx: no rules), and for how many seconds (0: not kept).
        var text = ""
        var keepFor = 0.0
    }

    private var entries: [String: Entry] = [:]
    private let kept: KeptRobots?

    /// `keptIn`: the directory robots.txt answers are kept in between runs; nil: none kept.
    public init(keptIn directory: String? = nil) {
        kept = directory.map(KeptRobots.init)
    }

    func rules(for origin: String, fetch: @escaping @Sendable () async -> Result<Fetched, FetchError>) async -> Result<RobotsRules, FetchError> {
        if case .known(let answer, let until)? = entries[origin] {
            if Date() < until { return answer }
            entries[origin] = nil
        }
        if entries[origin] == nil {
            if let (rules, until) = kept?.rules(for: origin) {
                entries[origin] = .known(.success(rules), until: until)
                return .success(rules)
            }
            // Fetched apart, so that the first to ask waits in line like the rest.
            entries[origin] = .fetching(waiting: [])
            let kept = kept
            Task {
                let answer = await fetch()
                var until = Date.distantFuture
                if case .success(let fetched) = answer {
                    kept?.keep(fetched.text, for: origin, seconds: fetched.keepFor)
                    until = Date().addingTimeInterval(max(RobotsCache.shortest, min(fetched.keepFor, KeptRobots.longest)))
                }
                self.settle(origin, with: answer.map(\.rules), until: until)
            }
        }
        return await withCheckedContinuation { continuation in
            if case .fetching(let waiting)? = entries[origin] { entries[origin] = .fetching(waiting: waiting + [continuation]) }
        }
    }

    /// Every request waiting for `origin`'s rules goes on, first come first.
    private func settle(_ origin: String, with answer: Answer, until: Date) {
        guard case .fetching(let waiting)? = entries[origin] else { return }
        entries[origin] = .known(answer, until: until)
        for continuation in waiting { continuation.resume(returning: answer) }
    }
}

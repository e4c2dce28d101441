/// One robots.txt fetch per origin, shared by every request that needs it. The
/// requests that wait for it go on in the order they came (a `Task`'s waiters are
/// resumed last first, which made a batch request its first members from the end).
public actor RobotsCache {
    private typealias Answer = Result<RobotsRules, FetchError>
    private enum Entry {
        case fetching(waiting: [CheckedContinuation<Answer, Never>])
        case known(Answer)
    }

    private var entries: [String: Entry] = [:]

    public init() {}

    func rules(for origin: String, fetch: @escaping @Sendable () async -> Result<RobotsRules, FetchError>) async -> Result<RobotsRules, FetchError> {
        if case .known(let answer)? = entries[origin] { return answer }
        if entries[origin] == nil {
            // Fetched apart, so that the first to ask waits in line like the rest.
            entries[origin] = .fetching(waiting: [])
            Task {
                let answer = await fetch()
                self.settle(origin, with: answer)
            }
        }
        return await withCheckedContinuation { continuation in
            if case .fetching(let waiting)? = entries[origin] { entries[origin] = .fetching(waiting: waiting + [continuation]) }
        }
    }

    /// Every request waiting for `origin`'s rules goes on, first come first.
    private func settle(_ origin: String, with answer: Answer) {
        guard case .fetching(let waiting)? = entries[origin] else { return }
        entries[origin] = .known(answer)
        for continuation in waiting { continuation.resume(returning: answer) }
    }
}

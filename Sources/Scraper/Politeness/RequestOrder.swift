import Synchronization

/// The order a run's members reach the site in: the list's. Members are started a
/// few at a time, and their tasks run in whatever order the scheduler picks; so a
/// member's first request takes its slot among the requests in flight only after
/// every member before it in the list has taken its first (or finished without one),
/// and requests waiting for a free slot are let through lowest rank first
/// (`ConcurrencyLimiter`). At one request in flight the site
/// sees the members exactly in the list's order, and a resumed batch starts where the
/// list says.
///
/// A member's work runs under its turn (`run`), a task-local value its child tasks
/// inherit; requests made outside any turn (robots.txt, asked once for everyone) are
/// never held.
public final class RequestOrder: Sendable {
    struct Turn: Sendable {
        let order: RequestOrder
        let rank: Int
    }

    @TaskLocal static var current: Turn?

    /// The rank of the member whose request this is; nil outside any member's turn.
    static var rank: Int? { current?.rank }

    private struct State {
        /// Members started whose first request has not been sent yet.
        var pending = Set<Int>()
        var waiters = [(rank: Int, continuation: CheckedContinuation<Void, Never>)]()
    }

    private let state = Mutex(State())

    public init() {}

    /// Member `rank` is started: called in the list's order, before its task runs.
    public func enter(_ rank: Int) {
        state.withLock { _ = $0.pending.insert(rank) }
    }

    /// `body` as member `rank`'s work; when it returns, the member holds no one up.
    public func run<Result: Sendable>(_ rank: Int, _ body: () async -> Result) async -> Result {
        let result = await RequestOrder.$current.withValue(Turn(order: self, rank: rank)) { await body() }
        settle(rank)
        return result
    }

    /// `body` outside any member's turn (a request made for every member: robots.txt).
    public static func unranked<Result: Sendable>(_ body: () async -> Result) async -> Result {
        await $current.withValue(nil) { await body() }
    }

    /// A request's slot among those in flight (`acquire`), taken in its member's turn:
    /// a member's first slot only after every member before it took its first (or
    /// finished without one). Outside any member's turn, at once.
    static func inTurn(_ acquire: () async -> Void) async {
        guard let turn = current else { return await acquire() }
        await turn.order.wait(for: turn.rank)
        await acquire()
        turn.order.settle(turn.rank)
    }

    /// Waits until no member before `rank` is still to take its first slot.
    private func wait(for rank: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let go: Bool = state.withLock { state in
                guard !state.pending.contains(where: { $0 < rank }) else {
                    state.waiters.append((rank, continuation))
                    return false
                }
                return true
            }
            if go { continuation.resume() }
        }
    }

    /// `rank` took its first slot, or finished: it holds no one up any more, and the
    /// requests it held go (each member after it still waits for the one before).
    private func settle(_ rank: Int) {
        var ready = [CheckedContinuation<Void, Never>]()
        state.withLock { state in
            guard state.pending.remove(rank) != nil else { return }
            let lowest = state.pending.min() ?? Int.max
            ready = state.waiters.filter { $0.rank <= lowest }.map(\.continuation)
            state.waiters.removeAll { $0.rank <= lowest }
        }
        for continuation in ready { continuation.resume() }
    }
}

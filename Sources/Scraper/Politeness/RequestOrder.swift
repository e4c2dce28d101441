import Synchronization

/// The order a run's members reach the site in: the list's. Members are started a
/// few at a time, and their tasks run in whatever order the scheduler picks; so a
/// member's first request takes its slot among the requests in flight only after
/// every member before it in the list has taken its first (or finished without one),
/// and requests waiting for a free slot are let through lowest rank first
/// (`ConcurrencyLimiter`, which keeps both at one gate). At one request in flight the
/// site sees the members exactly in the list's order, and a resumed batch starts where
/// the list says.
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

    private struct State {
        /// Members started whose first request has not taken its slot yet.
        var pending = Set<Int>()
        /// The lowest of `pending` (Int.max when none): asked on every request.
        var lowest = Int.max
        /// Gates holding a request back for a member still pending: told when one settles.
        var gates = [ObjectIdentifier: ConcurrencyLimiter]()
    }

    private let state = Mutex(State())

    public init() {}

    /// Member `rank` is started: called in the list's order, before its task runs.
    public func enter(_ rank: Int) {
        state.withLock { state in
            state.pending.insert(rank)
            state.lowest = min(state.lowest, rank)
        }
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

    /// True while a member before `rank` is still to take its first slot; `gate` is
    /// then told (`dispatch`) when that changes. One look, so no settle falls between
    /// the answer and the gate's being remembered.
    func holdsUp(_ rank: Int, for gate: ConcurrencyLimiter) -> Bool {
        state.withLock { state in
            guard state.lowest < rank else { return false }
            state.gates[ObjectIdentifier(gate)] = gate
            return true
        }
    }

    /// `rank` took its first slot, or finished: it holds no one up any more, and the
    /// gates holding requests for it look again.
    func settle(_ rank: Int) {
        let gates: [ConcurrencyLimiter] = state.withLock { state in
            guard state.pending.remove(rank) != nil else { return [] }
            guard rank == state.lowest else { return [] }
            state.lowest = state.pending.min() ?? Int.max
            return Array(state.gates.values)
        }
        for gate in gates { gate.dispatch() }
    }
}

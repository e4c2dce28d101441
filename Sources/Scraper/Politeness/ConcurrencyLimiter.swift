import Synchronization

/// The cap on requests in flight, and the list's order kept at the same gate: at most
/// `limit` holders at once; a request waits for a free permit *and* its member's turn
/// (`RequestOrder`: a member's first request only after every member before it took
/// its first), in one wait. A freed permit goes to the waiter of the lowest member
/// rank whose turn it is, requests outside any member's turn first, arrival order
/// among equals.
///
/// One lock, no actor: a request that finds a permit free and its turn come takes
/// it without suspending, and a release hands the permit over in place. (Two waits,
/// the turn's and then the permit's, suspended nearly every request twice in a
/// saturated batch.)
final class ConcurrencyLimiter: Sendable {
    private struct Waiter {
        let turn: RequestOrder.Turn?
        let arrival: Int
        let continuation: CheckedContinuation<Void, Never>
        var rank: Int { turn?.rank ?? Int.min }
    }

    private struct State {
        var available: Int
        /// In the order permits go: by rank, then by arrival.
        var waiters: [Waiter] = []
        var arrivals = 0

        mutating func queue(_ waiter: Waiter) {
            var low = 0, high = waiters.count
            while low < high {
                let middle = (low + high) / 2
                if (waiters[middle].rank, waiters[middle].arrival) < (waiter.rank, waiter.arrival) { low = middle + 1 } else { high = middle }
            }
            waiters.insert(waiter, at: low)
        }
    }

    private let state: Mutex<State>

    init(limit: Int) {
        state = Mutex(State(available: max(1, limit)))
    }

    /// A permit, in the turn of the member whose task this is (`RequestOrder.current`).
    func acquire() async {
        let turn = RequestOrder.current
        let granted = state.withLock { state -> Bool in
            guard state.available > 0, turn.map({ !$0.order.holdsUp($0.rank, for: self) }) ?? true else { return false }
            state.available -= 1
            return true
        }
        if granted {
            if let turn { turn.order.settle(turn.rank) }
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // A permit or the turn may have come since the look above: queued and
            // given out under one lock.
            let granted = state.withLock { state in
                state.arrivals += 1
                state.queue(Waiter(turn: turn, arrival: state.arrivals, continuation: continuation))
                return grant(&state)
            }
            go(granted)
        }
    }

    /// How many requests wait for a permit or their turn now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// The permit back; it passes straight to the waiter it may go to, if any.
    func release() {
        go(state.withLock { state in
            state.available += 1
            return grant(&state)
        })
    }

    /// Looks again: a member's turn passed (`RequestOrder.settle`).
    func dispatch() {
        go(state.withLock { grant(&$0) })
    }

    /// The waiters free permits go to, taken off the queue. Only the first can be
    /// next: a member's turn holding it up (a member before it still to take its first
    /// permit) holds up every waiter of a higher rank too. (Two lists looked up through
    /// one fetcher at once wait behind each other's first; neither waits for ever.)
    private func grant(_ state: inout State) -> [Waiter] {
        var granted = [Waiter]()
        while state.available > 0, let first = state.waiters.first {
            if let turn = first.turn, turn.order.holdsUp(turn.rank, for: self) { break }
            state.available -= 1
            granted.append(state.waiters.removeFirst())
        }
        return granted
    }

    /// Sends the granted on their way, outside the lock: settling a turn makes gates look again.
    private func go(_ granted: [Waiter]) {
        for waiter in granted {
            if let turn = waiter.turn { turn.order.settle(turn.rank) }
            waiter.continuation.resume()
        }
    }
}

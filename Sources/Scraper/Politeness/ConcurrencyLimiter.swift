/// A counting semaphore for async code: at most `limit` holders at once; the rest
/// wait, and a freed permit goes to the waiter of the lowest member rank (the list's
/// order, `RequestOrder`), requests outside any member's turn first, arrival order
/// among equals.
actor ConcurrencyLimiter {
    private var available: Int
    private var waiters: [(rank: Int, arrival: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var arrivals = 0

    init(limit: Int) {
        available = max(1, limit)
    }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        let rank = RequestOrder.rank ?? Int.min
        arrivals += 1
        let arrival = arrivals
        await withCheckedContinuation { waiters.append((rank, arrival, $0)) }
    }

    func release() {
        guard let next = waiters.indices.min(by: { (waiters[$0].rank, waiters[$0].arrival) < (waiters[$1].rank, waiters[$1].arrival) }) else {
            available += 1
            return
        }
        // The permit passes straight to the waiter.
        waiters.remove(at: next).continuation.resume()
    }
}

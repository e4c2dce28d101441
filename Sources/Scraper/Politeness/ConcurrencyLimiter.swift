/// A counting semaphore for async code: at most `limit` holders at once, the rest
/// wait in arrival order.
actor ConcurrencyLimiter {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        available = max(1, limit)
    }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            // The permit passes straight to the next waiter.
            waiters.removeFirst().resume()
        }
    }
}

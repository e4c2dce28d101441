import Foundation

/// Scratches kept for reuse. A new `MatchScratch` costs allocations and, for its JIT
/// stack, an mmap now and a munmap later, which on a busy machine costs more than
/// extracting a small page; one pool per extractor lends them out instead.
final class MatchScratchPool: @unchecked Sendable {
    // The lock guards `idle`; a scratch lent out belongs to its borrower alone.
    private let lock = NSLock()
    private var idle = [MatchScratch]()
    private let limits: MatchLimits
    /// More idle scratches than threads that could use them at once would only hold memory.
    private let keep: Int

    init(limits: MatchLimits, keep: Int = 2 * ProcessInfo.processInfo.activeProcessorCount + 2) {
        self.limits = limits
        self.keep = keep
    }

    /// Runs `body` with a scratch no other thread is using.
    func withScratch<Result>(_ body: (MatchScratch) throws -> Result) rethrows -> Result {
        let scratch = lock.withLock { idle.popLast() } ?? MatchScratch(limits: limits)
        defer { lock.withLock { if idle.count < keep { idle.append(scratch) } } }
        return try body(scratch)
    }
}

import Foundation

/// What one extraction works with and may change: the engine's match scratch, and
/// the regions already narrowed, so that a `within` several fields name is searched
/// once per page (the profile's fourteen reputation fields find their table once).
final class ExtractionScratch {
    let match: MatchScratch
    /// (narrowing slot, page bytes, region) → what the narrowing found there.
    private var narrowed: [NarrowedRegion: Range<Int>?] = [:]

    private struct NarrowedRegion: Hashable {
        let slot: Int
        let page: UnsafeRawPointer?
        let region: Range<Int>
    }

    init(limits: MatchLimits) {
        match = MatchScratch(limits: limits)
    }

    /// What `find` gives for `region` of the page at `page`, worked out once.
    func narrowed(slot: Int, page: UnsafeRawPointer?, region: Range<Int>,
                  find: () throws(MatchFailure) -> Range<Int>?) throws(MatchFailure) -> Range<Int>? {
        let key = NarrowedRegion(slot: slot, page: page, region: region)
        if let known = narrowed[key] { return known }
        let found = try find()
        narrowed[key] = found
        return found
    }

    /// Ready for the next extraction: another page may sit at the same address.
    func reset() {
        narrowed.removeAll(keepingCapacity: true)
    }
}

/// Scratches kept for reuse. A new `MatchScratch` costs allocations and, for its JIT
/// stack, an mmap now and a munmap later, which on a busy machine costs more than
/// extracting a small page; one pool per extractor lends them out instead.
final class ExtractionScratchPool: @unchecked Sendable {
    // The lock guards `idle`; a scratch lent out belongs to its borrower alone.
    private let lock = NSLock()
    private var idle = [ExtractionScratch]()
    private let limits: MatchLimits
    /// More idle scratches than threads that could use them at once would only hold memory.
    private let keep: Int

    init(limits: MatchLimits, keep: Int = 2 * ProcessInfo.processInfo.activeProcessorCount + 2) {
        self.limits = limits
        self.keep = keep
    }

    /// Runs `body` with a scratch no other thread is using, emptied for it.
    func withScratch<Result>(_ body: (ExtractionScratch) throws -> Result) rethrows -> Result {
        let scratch = lock.withLock { idle.popLast() } ?? ExtractionScratch(limits: limits)
        defer {
            scratch.reset()
            lock.withLock { if idle.count < keep { idle.append(scratch) } }
        }
        return try body(scratch)
    }
}

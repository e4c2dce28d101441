import Synchronization

/// What an archive reader has done so far, as it happens: the counts a progress line
/// shows while archive work runs for minutes at the archive's pace, and the notes a
/// person should hear (an index listing cut short). Shared by every copy of its reader.
public final class ArchiveActivity: Sendable {
    public struct Counts: Sendable, Equatable {
        /// Index answers (CDX pages, TimeMaps) fetched from the archive, and taken from
        /// those kept by an earlier run.
        public var indexPages = 0
        public var indexPagesKept = 0
        /// Captures read from the archive, and taken from those kept.
        public var captures = 0
        public var capturesKept = 0

        public init() {}
    }

    private let state = Mutex(Counts())
    private let listener = Mutex<(@Sendable (String) -> Void)?>(nil)

    public init() {}

    public var counts: Counts { state.withLock { $0 } }

    /// Where notes go (the application's warnings); none heard until one is set.
    public func onNote(_ hear: @escaping @Sendable (String) -> Void) {
        listener.withLock { $0 = hear }
    }

    func note(_ text: String) {
        listener.withLock { $0 }?(text)
    }

    func indexPage(kept: Bool) {
        state.withLock { kept ? ($0.indexPagesKept += 1) : ($0.indexPages += 1) }
    }

    func capture(kept: Bool) {
        state.withLock { kept ? ($0.capturesKept += 1) : ($0.captures += 1) }
    }
}

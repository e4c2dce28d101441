/// A regex engine the rules run on. PCRE2 is the one cpvanity ships; the protocol
/// exists so another engine (a benchmark baseline, say) can stand in without the
/// packs and extraction knowing.
public protocol PatternEngine: Sendable {
    /// Compiles `pattern` once; the result is matched many times, from many threads.
    func compile(_ pattern: String, options: PatternOptions) throws(PatternCompileError) -> any CompiledPattern
}

public struct PatternOptions: Sendable, Hashable {
    public var caseInsensitive: Bool
    /// Bounds on every match of the pattern (the pack's `[limits]`).
    public var limits: MatchLimits

    public init(caseInsensitive: Bool = true, limits: MatchLimits = .default) {
        self.caseInsensitive = caseInsensitive
        self.limits = limits
    }
}

/// Bounds on one match attempt, so a pathological pattern fails its field instead
/// of hanging the run.
public struct MatchLimits: Sendable, Hashable {
    /// Internal backtracking steps (PCRE2's match limit).
    public var steps: UInt32
    /// Backtracking depth (PCRE2's depth limit; the JIT bounds depth by its stack instead).
    public var depth: UInt32
    /// Heap for backtracking, in KiB.
    public var heapKiB: UInt32

    public init(steps: UInt32, depth: UInt32, heapKiB: UInt32) {
        self.steps = steps
        self.depth = depth
        self.heapKiB = heapKiB
    }

    public static let `default` = MatchLimits(steps: 5_000_000, depth: 100_000, heapKiB: 64 * 1024)
}

/// A compiled pattern. Offsets are byte offsets into UTF-8 text. Whatever state a
/// match needs (PCRE2's match data and JIT stack) is the engine's own business: the
/// callers pass text and a position, from any thread.
public protocol CompiledPattern: Sendable {
    var pattern: String { get }
    /// Number of capture groups, not counting group 0.
    var captureCount: Int { get }
    /// The first match at or after `start` in `subject`, with every group's byte range
    /// (nil for a group that did not take part).
    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(MatchFailure) -> PatternMatch?
    /// The range of `group` in the first match at or after `start`; nil when nothing
    /// matches or the group did not take part. What extraction asks most, so an engine
    /// may answer it without building a `PatternMatch`.
    func firstRange(of group: Int, in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(MatchFailure) -> Range<Int>?
    /// The number of a named group, or nil when the pattern has no such name.
    func groupNumber(named name: String) -> Int?
}

extension CompiledPattern {
    public func firstRange(of group: Int, in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(MatchFailure) -> Range<Int>? {
        try firstMatch(in: subject, from: start)?.group(group)
    }

    public func groupNumber(named name: String) -> Int? { nil }
}

public struct PatternMatch: Sendable, Equatable {
    /// Index 0 is the whole match.
    public var groups: [Range<Int>?]

    public init(groups: [Range<Int>?]) { self.groups = groups }

    public var range: Range<Int> { groups[0] ?? 0..<0 }

    public func group(_ number: Int) -> Range<Int>? {
        number < groups.count ? groups[number] : nil
    }
}

public struct PatternCompileError: Error, Sendable, Equatable {
    public var message: String
    /// Byte offset in the pattern where the engine gave up.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}

/// A match attempt that stopped without an answer.
public enum MatchFailure: Error, Sendable, Equatable {
    /// A limit in `MatchLimits` was reached: the pattern backtracks too much on this page.
    case limitExceeded(String)
    /// Any other engine error, with its message.
    case engine(String)

    public var message: String {
        switch self {
        case .limitExceeded(let what):
            return "the pattern hit the \(what) limit on this page (catastrophic backtracking?); make it more specific, e.g. replace .*? with [^<]*"
        case .engine(let message):
            return message
        }
    }
}

/// A regex engine the rules run on. PCRE2 is the one cpvanity ships; the protocol
/// exists so another engine (a benchmark baseline, say) can stand in without the
/// rest of `Rules` knowing.
public protocol PatternEngine: Sendable {
    /// Compiles `pattern` once; the result is matched many times, from many threads.
    func compile(_ pattern: String, options: PatternOptions) throws(PatternCompileError) -> any CompiledPattern
}

public struct PatternOptions: Sendable, Hashable {
    public var caseInsensitive: Bool

    public init(caseInsensitive: Bool = true) {
        self.caseInsensitive = caseInsensitive
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

/// A compiled pattern. Offsets are byte offsets into UTF-8 text.
public protocol CompiledPattern: Sendable {
    var pattern: String { get }
    /// Number of capture groups, not counting group 0.
    var captureCount: Int { get }
    /// The number of a named group, or nil when the pattern has no such name.
    func groupNumber(named name: String) -> Int?
    /// The first match at or after `start` in `subject`, with every group's byte range
    /// (nil for a group that did not take part).
    /// `asciiOnly` promises that every byte of `subject` is below 0x80, which lets an
    /// engine use a faster byte-wise program; the answer must not change.
    /// `scratch` carries the per-thread state and the limits; an engine that needs
    /// neither ignores it.
    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int, asciiOnly: Bool,
                    scratch: MatchScratch) throws(MatchFailure) -> PatternMatch?
    /// The range of `group` in the first match at or after `start`; nil when nothing
    /// matches or the group did not take part. What extraction asks most, so engines
    /// may answer it without building a `PatternMatch`.
    func firstRange(of group: Int, in subject: UnsafeBufferPointer<UInt8>, from start: Int, asciiOnly: Bool,
                    scratch: MatchScratch) throws(MatchFailure) -> Range<Int>?
    /// `firstRange` from the start of each of several regions of `buffer`, each region
    /// searched as the whole subject: the regions numbered in `searching`, where
    /// `asciiOnly[n]` is the promise for `regions[n]`. Results go to `found`, in the
    /// order of `searching`, as offsets into `buffer`. One call answers a column of
    /// rows, so an engine can keep its state at hand across them.
    func firstRanges(of group: Int, in buffer: UnsafeBufferPointer<UInt8>, regions: [Range<Int>], asciiOnly: [Bool],
                     searching: [Int], scratch: MatchScratch, into found: inout RegionMatches)
}

extension CompiledPattern {
    public func firstRange(of group: Int, in subject: UnsafeBufferPointer<UInt8>, from start: Int, asciiOnly: Bool,
                           scratch: MatchScratch) throws(MatchFailure) -> Range<Int>? {
        try firstMatch(in: subject, from: start, asciiOnly: asciiOnly, scratch: scratch)?.group(group)
    }

    public func firstRanges(of group: Int, in buffer: UnsafeBufferPointer<UInt8>, regions: [Range<Int>], asciiOnly: [Bool],
                            searching: [Int], scratch: MatchScratch, into found: inout RegionMatches) {
        firstRangesOneByOne(of: group, in: buffer, regions: regions, asciiOnly: asciiOnly, searching: searching, scratch: scratch, into: &found)
    }

    /// `firstRanges` as one `firstRange` per region: what every engine's answer must
    /// equal, and the way for the cases an engine's own loop does not take.
    public func firstRangesOneByOne(of group: Int, in buffer: UnsafeBufferPointer<UInt8>, regions: [Range<Int>], asciiOnly: [Bool],
                                    searching: [Int], scratch: MatchScratch, into found: inout RegionMatches) {
        for index in searching {
            let region = regions[index]
            do throws(MatchFailure) {
                if let range = try firstRange(of: group, in: UnsafeBufferPointer(rebasing: buffer[region]), from: 0,
                                              asciiOnly: asciiOnly[index], scratch: scratch) {
                    found.captured.append((index, (range.lowerBound + region.lowerBound)..<(range.upperBound + region.lowerBound)))
                } else {
                    found.unmatched.append(index)
                }
            } catch {
                found.failed.append((index, error))
            }
        }
    }

    /// `firstMatch` on a subject that may hold any UTF-8.
    public func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int, scratch: MatchScratch) throws(MatchFailure) -> PatternMatch? {
        try firstMatch(in: subject, from: start, asciiOnly: false, scratch: scratch)
    }

    /// `firstRange` on a subject that may hold any UTF-8.
    public func firstRange(of group: Int, in subject: UnsafeBufferPointer<UInt8>, from start: Int, scratch: MatchScratch) throws(MatchFailure) -> Range<Int>? {
        try firstRange(of: group, in: subject, from: start, asciiOnly: false, scratch: scratch)
    }
}

/// What `firstRanges` found, region by region.
public struct RegionMatches {
    /// Regions with a match where the group took part, and the group's range in the buffer.
    public var captured: [(region: Int, range: Range<Int>)] = []
    /// Regions with no match (or none where the group took part).
    public var unmatched: [Int] = []
    /// Regions where the engine gave up.
    public var failed: [(region: Int, failure: MatchFailure)] = []

    public init() {}

    /// Empty, keeping the storage for the next column.
    public mutating func removeAll() {
        captured.removeAll(keepingCapacity: true)
        unmatched.removeAll(keepingCapacity: true)
        failed.removeAll(keepingCapacity: true)
    }
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

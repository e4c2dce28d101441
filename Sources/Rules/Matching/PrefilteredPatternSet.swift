import Foundation

/// PCRE2's way of answering a row's fields: one pass over the region looks for every
/// alternative's literal prefix (`Views:`, `<a`), and each alternative's anchored,
/// JIT-compiled pattern is tried only where its prefix stands. The pass stops as soon
/// as every alternative that could still matter is decided.
///
/// The answers are the ones searching with each pattern in turn gives: a match can
/// only start where its literal prefix does, the anchored match at a position is the
/// match an unanchored search finds there, and each alternative's positions are
/// visited in order. Alternatives without a usable prefix are searched the ordinary
/// way, when their group needs them.
///
/// The pass looks for one *key byte* per literal (its rarest, `:` in `Views:`), 16
/// bytes at a time, and checks the whole literal only around a key byte.
struct PrefilteredPatternSet: PatternSet {
    let groups: [[SetMember]]
    private let tables: PrefilterTables
    /// For each group, for each alternative: its entry in `tables`, or nil (no prefix).
    private let entryOf: [[Int?]]

    init(groups: [[SetMember]]) {
        self.groups = groups
        var literals = [PrefilterTables.Literal]()
        var entryOf = [[Int?]]()
        for (group, members) in groups.enumerated() {
            var row = [Int?]()
            for (alternative, member) in members.enumerated() {
                guard let pattern = member.pattern as? PCRE2Pattern, let literal = pattern.literalPrefix else {
                    row.append(nil)
                    continue
                }
                row.append(literals.count)
                literals.append(PrefilterTables.Literal(bytes: literal, caseless: pattern.caseless, pattern: pattern,
                                                        captureGroup: member.group, group: group, alternative: alternative))
            }
            entryOf.append(row)
        }
        self.entryOf = entryOf
        tables = PrefilterTables(literals, entryOf: entryOf)
    }

    func answers(in subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, into answers: inout [GroupAnswer]) {
        answers.removeAll(keepingCapacity: true)
        if tables.count == 0 || (tables.foldsBeyondASCII && Self.holdsNonASCIIFolds(subject)) {
            for group in groups.indices { answers.append(searchGroup(group, in: subject, scratch: scratch)) }
            return
        }
        // The scratch lends its buffers for the scan's outcomes and takes them back after.
        var outcomes = PrefilterTables.Outcomes(count: tables.count, reusing: &scratch.setOutcomeBuffers)
        defer { scratch.setOutcomeBuffers = (outcomes.status, outcomes.ranges) }
        tables.scan(subject, scratch: scratch, outcomes: &outcomes)
        for group in groups.indices {
            var answer = GroupAnswer.none
            for alternative in groups[group].indices {
                guard let entry = entryOf[group][alternative] else {
                    answer = searchAlternative(alternative, of: group, in: subject, scratch: scratch)
                    if answer != .none { break }
                    continue
                }
                switch outcomes.status[entry] {
                case .found: answer = .found(alternative: alternative, range: outcomes.ranges[entry])
                case .failed: answer = .failed(alternative: alternative, outcomes.failures[entry] ?? .engine("PCRE2 failed"))
                case .pending, .none, .moot: continue
                }
                break
            }
            answers.append(answer)
        }
    }

    /// U+017F (C5 BF) or U+212A (E2 84 AA) anywhere in the subject: PCRE2 matches them
    /// to a caseless `s` and `k`, which a byte comparison would not.
    private static func holdsNonASCIIFolds(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = subject.baseAddress else { return false }
        let end = base + subject.count
        for needle: [UInt8] in [[0xC5, 0xBF], [0xE2, 0x84, 0xAA]] {
            var from = base
            while from < end, let hit = memchr(from, Int32(needle[0]), end - from) {
                let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self))
                if end - at >= needle.count, needle.indices.allSatisfy({ at[$0] == needle[$0] }) { return true }
                from = at + 1
            }
        }
        return false
    }
}

/// The prefilter's tables, in flat memory: the scan runs for every byte of every row
/// and must not retain, allocate or check bounds per byte. Immutable after init.
final class PrefilterTables: @unchecked Sendable {
    struct Literal {
        let bytes: [UInt8]
        let caseless: Bool
        let pattern: PCRE2Pattern
        let captureGroup: Int
        let group: Int
        let alternative: Int
    }

    /// What the scan decided for each entry, in arrays of plain values: the scan reads
    /// them per candidate, where an enum with a payload would be retained and released.
    struct Outcomes {
        enum Status: UInt8 {
            case pending, found
            /// The first match leaves the value's group unset.
            case none
            case failed
            /// An earlier alternative of the same group has its answer.
            case moot
        }

        var status: [Status]
        var ranges: [Range<Int>]
        var failures: [Int: MatchFailure] = [:]

        /// All pending, in the given buffers' storage (left empty meanwhile).
        init(count: Int, reusing buffers: inout ([Status], [Range<Int>])) {
            (status, ranges) = buffers
            buffers = ([], [])
            status.removeAll(keepingCapacity: true)
            status.append(contentsOf: repeatElement(.pending, count: count))
            ranges.removeAll(keepingCapacity: true)
            ranges.append(contentsOf: repeatElement(0..<0, count: count))
        }
    }

    let count: Int
    /// True when some caseless literal holds an `s` or a `k`.
    let foldsBeyondASCII: Bool
    private let patterns: [PCRE2Pattern]
    private let captureGroups: [Int]
    private let literals: [[UInt8]]
    private let caseless: [Bool]
    /// Entry i's later alternatives in its group: `later[laterStart[i]..<laterStart[i + 1]]`.
    private let later: [Int]
    private let laterStart: [Int]
    /// Each entry's key, as an index into `keys` (entries with the same key share it).
    private let keyOf: [Int]
    private let keys: [LiteralKey]
    /// Entries whose key's first byte is b: `byteEntries[byteStart[b]..<byteStart[b + 1]]`.
    private let byteEntries: UnsafeMutablePointer<Int>
    private let byteStart: UnsafeMutablePointer<Int>
    /// How many entries each byte and each key serve, where every scan starts.
    private let entriesPerByte: UnsafeMutablePointer<Int32>
    private let entriesPerKey: [Int32]
    /// The vector for each set of live keys (bit i: key i), built once: a scan changes
    /// its set a few times per row. Empty when there are too many keys to list them all.
    private let vectors: [KeyVector?]

    init(_ literals: [Literal], entryOf: [[Int?]]) {
        count = literals.count
        foldsBeyondASCII = literals.contains { $0.caseless && $0.bytes.contains { $0 == UInt8(ascii: "s") || $0 == UInt8(ascii: "k") } }
        patterns = literals.map(\.pattern)
        captureGroups = literals.map(\.captureGroup)
        self.literals = literals.map(\.bytes)
        caseless = literals.map(\.caseless)
        var later = [Int](), laterStart = [0]
        for literal in literals {
            later += entryOf[literal.group][(literal.alternative + 1)...].compactMap { $0 }
            laterStart.append(later.count)
        }
        self.later = later
        self.laterStart = laterStart
        var keys = [LiteralKey](), keyOf = [Int](), perKey = [Int32]()
        var byByte = [[Int]](repeating: [], count: 256)
        for (index, literal) in literals.enumerated() {
            let key = LiteralKey(for: literal.bytes, caseless: literal.caseless)
            if let known = keys.firstIndex(of: key) {
                keyOf.append(known)
                perKey[known] += 1
            } else {
                keyOf.append(keys.count)
                keys.append(key)
                perKey.append(1)
            }
            for byte in key.stopBytes { byByte[Int(byte)].append(index) }
        }
        self.keys = keys
        self.keyOf = keyOf
        entriesPerKey = perKey
        let flat = byByte.flatMap { $0 }
        byteEntries = .allocate(capacity: max(1, flat.count))
        byteEntries.initialize(from: flat, count: flat.count)
        byteStart = .allocate(capacity: 257)
        byteStart[0] = 0
        for byte in 0..<256 { byteStart[byte + 1] = byteStart[byte] + byByte[byte].count }
        entriesPerByte = .allocate(capacity: 256)
        for byte in 0..<256 { entriesPerByte[byte] = Int32(byByte[byte].count) }
        vectors = keys.count > 10 ? [] : (0..<(1 << keys.count)).map { set in
            KeyVector(keys.indices.filter { set & (1 << $0) != 0 }.map { keys[$0] })
        }
    }

    deinit {
        byteEntries.deallocate()
        byteStart.deallocate()
        entriesPerByte.deallocate()
    }

    /// The one pass: decides every entry it can, leaving the rest pending (no match).
    func scan(_ subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, outcomes: inout Outcomes) {
        guard let base = subject.baseAddress else { return }
        let length = subject.count
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { live in
            guard let counts = live.baseAddress else { return }
            counts.update(from: entriesPerByte, count: 256)
            var state = ScanState(live: counts, keysLive: entriesPerKey, undecided: count, liveKeys: (1 << keys.count) - 1)
            // The keys still looked for 16 bytes at a time (nil: more than four, so byte by byte).
            var vector = vectors.isEmpty ? nil : vectors[state.liveKeys]
            var position = 0
            while position < length, state.undecided > 0 {
                // 16 bytes at a time: only the positions where a key stands are looked at
                // (with no vector, every position of the block, so that a vector is used
                // as soon as there is one).
                var hits: UInt32 = 0xFFFF
                if position + 17 <= length, let vector {
                    hits = vector.hits(base, at: position)
                }
                let blockStart = position
                position = min(position + 16, length)
                var keysChanged = false
                while hits != 0, state.undecided > 0 {
                    let at = blockStart + hits.trailingZeroBitCount
                    hits &= hits - 1
                    guard at < length else { break }
                    let byte = Int(base[at])
                    guard counts[byte] != 0 else { continue }
                    for slot in byteStart[byte]..<byteStart[byte + 1] {
                        let index = byteEntries[slot]
                        guard outcomes.status[index] == .pending else { continue }
                        let key = keys[keyOf[index]]
                        let start = at - key.offset
                        guard key.matches(base, at: at, count: length),
                              LiteralFinder.literal(literals[index], caseless: caseless[index], at: start, in: base, count: length) else { continue }
                        let status: Outcomes.Status
                        do throws(MatchFailure) {
                            guard let found = try patterns[index].anchoredRange(of: captureGroups[index], in: subject, at: start, scratch: scratch) else {
                                continue
                            }
                            // A first match that leaves the value's group unset is no value.
                            if let found { outcomes.ranges[index] = found }
                            status = found == nil ? .none : .found
                        } catch {
                            outcomes.failures[index] = error
                            status = .failed
                        }
                        keysChanged = decide(index, status, outcomes: &outcomes, state: &state) || keysChanged
                        if status == .none { continue }
                        for slot in laterStart[index]..<laterStart[index + 1] {
                            keysChanged = decide(later[slot], .moot, outcomes: &outcomes, state: &state) || keysChanged
                        }
                    }
                }
                if keysChanged, !vectors.isEmpty { vector = vectors[state.liveKeys] }
            }
        }
    }

    private struct ScanState {
        /// Undecided entries per stop byte, and per key.
        let live: UnsafeMutablePointer<Int32>
        var keysLive: [Int32]
        var undecided: Int
        /// Bit i set while key i has an undecided entry.
        var liveKeys: Int
    }

    /// Records an entry's outcome; true when its key has no undecided entry left.
    private func decide(_ index: Int, _ status: Outcomes.Status, outcomes: inout Outcomes, state: inout ScanState) -> Bool {
        guard outcomes.status[index] == .pending else { return false }
        outcomes.status[index] = status
        state.undecided -= 1
        let key = keys[keyOf[index]]
        state.live[Int(key.first)] -= 1
        if key.firstFolds { state.live[Int(key.first & ~0x20)] -= 1 }
        state.keysLive[keyOf[index]] -= 1
        guard state.keysLive[keyOf[index]] == 0 else { return false }
        state.liveKeys &= ~(1 << keyOf[index])
        return true
    }
}

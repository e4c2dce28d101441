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

    func answers(in subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch) -> [GroupAnswer] {
        if tables.count == 0 || (tables.foldsBeyondASCII && Self.holdsNonASCIIFolds(subject)) {
            return groups.indices.map { searchGroup($0, in: subject, scratch: scratch) }
        }
        var outcomes = [PrefilterTables.Outcome](repeating: .pending, count: tables.count)
        tables.scan(subject, scratch: scratch, outcomes: &outcomes)
        var answers = [GroupAnswer]()
        answers.reserveCapacity(groups.count)
        for group in groups.indices {
            var answer = GroupAnswer.none
            for alternative in groups[group].indices {
                guard let entry = entryOf[group][alternative] else {
                    answer = searchAlternative(alternative, of: group, in: subject, scratch: scratch)
                    if answer != .none { break }
                    continue
                }
                switch outcomes[entry] {
                case .found(let range): answer = .found(alternative: alternative, range: range)
                case .failed(let failure): answer = .failed(alternative: alternative, failure)
                case .pending, .none, .moot: continue
                }
                break
            }
            answers.append(answer)
        }
        return answers
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

    enum Outcome {
        case pending
        case found(Range<Int>)
        /// The first match leaves the value's group unset.
        case none
        case failed(MatchFailure)
        /// An earlier alternative of the same group has its answer.
        case moot
    }

    let count: Int
    /// True when some caseless literal holds an `s` or a `k`.
    let foldsBeyondASCII: Bool
    private let patterns: [PCRE2Pattern]
    private let captureGroups: [Int]
    /// Entry i's later alternatives in its group: `later[laterStart[i]..<laterStart[i + 1]]`.
    private let later: [Int]
    private let laterStart: [Int]
    /// Literal bytes, lower-cased when caseless: `literalBytes[literalStart[i]..<literalStart[i + 1]]`.
    private let literalBytes: UnsafeMutablePointer<UInt8>
    private let literalStart: UnsafeMutablePointer<Int>
    private let caseless: UnsafeMutablePointer<Bool>
    /// Where in its literal each entry's key byte is, and the key byte values (two for a caseless letter).
    private let keyOffset: UnsafeMutablePointer<Int>
    private let keyBytes: UnsafeMutablePointer<(UInt8, UInt8)>
    /// Entries keyed on byte b: `byteEntries[byteStart[b]..<byteStart[b + 1]]`.
    private let byteEntries: UnsafeMutablePointer<Int>
    private let byteStart: UnsafeMutablePointer<Int>
    /// How many entries are keyed on each byte, where every scan starts.
    private let keyedCount: UnsafeMutablePointer<Int32>
    /// The distinct key bytes.
    fileprivate let keys: [UInt8]

    init(_ literals: [Literal], entryOf: [[Int?]]) {
        count = literals.count
        foldsBeyondASCII = literals.contains { $0.caseless && $0.bytes.contains { $0 == UInt8(ascii: "s") || $0 == UInt8(ascii: "k") } }
        patterns = literals.map(\.pattern)
        captureGroups = literals.map(\.captureGroup)
        var later = [Int](), laterStart = [0]
        for literal in literals {
            later += entryOf[literal.group][(literal.alternative + 1)...].compactMap { $0 }
            laterStart.append(later.count)
        }
        self.later = later
        self.laterStart = laterStart
        let allBytes = literals.flatMap(\.bytes)
        literalBytes = .allocate(capacity: max(1, allBytes.count))
        literalBytes.initialize(from: allBytes, count: allBytes.count)
        literalStart = .allocate(capacity: count + 1)
        caseless = .allocate(capacity: max(1, count))
        keyOffset = .allocate(capacity: max(1, count))
        keyBytes = .allocate(capacity: max(1, count))
        var start = 0
        var byByte = [[Int]](repeating: [], count: 256)
        for (index, literal) in literals.enumerated() {
            literalStart[index] = start
            start += literal.bytes.count
            caseless[index] = literal.caseless
            let offset = literal.bytes.indices.min { PrefilterTables.rank(literal.bytes[$0], literal.caseless) < PrefilterTables.rank(literal.bytes[$1], literal.caseless) } ?? 0
            keyOffset[index] = offset
            let key = literal.bytes[offset]
            let isLetter = key >= UInt8(ascii: "a") && key <= UInt8(ascii: "z")
            keyBytes[index] = (key, literal.caseless && isLetter ? key & ~0x20 : key)
            byByte[Int(key)].append(index)
            if keyBytes[index].1 != key { byByte[Int(keyBytes[index].1)].append(index) }
        }
        literalStart[count] = start
        let flat = byByte.flatMap { $0 }
        byteEntries = .allocate(capacity: max(1, flat.count))
        byteEntries.initialize(from: flat, count: flat.count)
        byteStart = .allocate(capacity: 257)
        byteStart[0] = 0
        for byte in 0..<256 { byteStart[byte + 1] = byteStart[byte] + byByte[byte].count }
        keyedCount = .allocate(capacity: 256)
        for byte in 0..<256 { keyedCount[byte] = Int32(byByte[byte].count) }
        keys = (0..<256).filter { !byByte[$0].isEmpty }.map { UInt8($0) }
    }

    deinit {
        literalBytes.deallocate()
        literalStart.deallocate()
        caseless.deallocate()
        keyOffset.deallocate()
        keyBytes.deallocate()
        byteEntries.deallocate()
        byteStart.deallocate()
        keyedCount.deallocate()
    }

    /// How common a byte is in HTML, lower is rarer: the key byte is the rarest of a literal.
    private static func rank(_ byte: UInt8, _ caseless: Bool) -> Int {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "!"), UInt8(ascii: "?"),
             UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return 2
        case UInt8(ascii: "A")...UInt8(ascii: "Z") where !caseless:
            return 2
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "/"), UInt8(ascii: "&"):
            return 3
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return 4
        case 0x20, 0x09...0x0D:
            return 6
        default:
            return 5
        }
    }

    /// The one pass: decides every entry it can, leaving the rest pending (no match).
    func scan(_ subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, outcomes: inout [Outcome]) {
        guard let base = subject.baseAddress else { return }
        let length = subject.count
        var undecided = count
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { live in
            // How many undecided entries are keyed on each byte; one whose count drops to
            // zero is no longer looked for.
            guard let counts = live.baseAddress else { return }
            counts.update(from: keyedCount, count: 256)
            var keys = KeySplat(keys: self.keys, live: live)
            func decide(_ index: Int, _ outcome: Outcome) {
                guard case .pending = outcomes[index] else { return }
                outcomes[index] = outcome
                undecided -= 1
                let (key, other) = keyBytes[index]
                live[Int(key)] -= 1
                if other != key { live[Int(other)] -= 1 }
                if live[Int(key)] == 0 || live[Int(other)] == 0 { keys = KeySplat(keys: self.keys, live: live) }
            }
            var position = 0
            while position < length, undecided > 0 {
                var stop = length
                if let splat = keys.vector, position + 16 <= length {
                    // Skip blocks holding no key byte; look byte by byte only inside one that does.
                    if !splat.hits(UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)) {
                        position += 16
                        continue
                    }
                    stop = position + 16
                }
                while position < stop, undecided > 0 {
                    let byte = Int(base[position])
                    if live[byte] != 0 {
                        for slot in byteStart[byte]..<byteStart[byte + 1] {
                            let index = byteEntries[slot]
                            guard case .pending = outcomes[index] else { continue }
                            let start = position - keyOffset[index]
                            guard start >= 0, literal(index, at: start, in: base, length: length) else { continue }
                            do throws(MatchFailure) {
                                guard let outcome = try patterns[index].anchoredRange(of: captureGroups[index], in: subject, at: start, scratch: scratch) else {
                                    continue
                                }
                                if let range = outcome {
                                    decide(index, .found(range))
                                    for slot in laterStart[index]..<laterStart[index + 1] { decide(later[slot], .moot) }
                                } else {
                                    decide(index, .none)
                                }
                            } catch {
                                decide(index, .failed(error))
                                for slot in laterStart[index]..<laterStart[index + 1] { decide(later[slot], .moot) }
                            }
                        }
                    }
                    position += 1
                }
            }
        }
    }

    private func literal(_ index: Int, at position: Int, in base: UnsafePointer<UInt8>, length: Int) -> Bool {
        let start = literalStart[index], size = literalStart[index + 1] - start
        guard position + size <= length else { return false }
        let folds = caseless[index]
        for offset in 0..<size {
            let byte = base[position + offset], expected = literalBytes[start + offset]
            if byte != expected && !(folds && LiteralPrefix.lowercased(byte) == expected) { return false }
        }
        return true
    }
}

/// The live key bytes, splatted for a 16-byte comparison; nil when more than four are
/// live (the scan then goes byte by byte).
private struct KeySplat {
    struct Vector {
        let a, b, c, d: SIMD16<UInt8>

        func hits(_ block: SIMD16<UInt8>) -> Bool {
            any((block .== a) .| (block .== b) .| (block .== c) .| (block .== d))
        }
    }

    let vector: Vector?

    init(keys: [UInt8], live: UnsafeMutableBufferPointer<Int32>) {
        var found: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var count = 0
        for key in keys where live[Int(key)] > 0 {
            switch count {
            case 0: found = (key, key, key, key)  // unused lanes repeat a live byte
            case 1: found.1 = key
            case 2: found.2 = key
            case 3: found.3 = key
            default:
                vector = nil
                return
            }
            count += 1
        }
        vector = Vector(a: SIMD16(repeating: found.0), b: SIMD16(repeating: found.1),
                        c: SIMD16(repeating: found.2), d: SIMD16(repeating: found.3))
    }
}

/// One byte of a literal, or two adjacent ones, that a scan looks for: the rarest
/// part of the literal, so that most of a page is skipped 16 bytes at a time and the
/// literal itself is compared only where its key stands.
struct LiteralKey: Equatable {
    var first: UInt8
    /// Letters compare in either case (the byte is stored lower-case).
    var firstFolds: Bool
    /// Nil: the first byte alone is the key.
    var second: UInt8?
    var secondFolds: Bool
    /// Where the key stands in its literal.
    var offset: Int

    /// The key for a literal: a byte rare in HTML alone (`:` of `Views:`), else the
    /// adjacent pair whose bytes are rarest together (`<a`, `00`).
    init(for literal: [UInt8], caseless: Bool) {
        func folds(_ byte: UInt8) -> Bool { caseless && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        if literal.count < 2 || literal.indices.contains(where: { LiteralKey.rank(literal[$0], caseless) == 1 }) {
            let rare = literal.indices.first { LiteralKey.rank(literal[$0], caseless) == 1 } ?? 0
            self.init(first: literal[rare], firstFolds: folds(literal[rare]), second: nil, secondFolds: false, offset: rare)
            return
        }
        var best = 0
        for index in 0..<(literal.count - 1)
        where LiteralKey.rank(literal[index], caseless) + LiteralKey.rank(literal[index + 1], caseless)
            < LiteralKey.rank(literal[best], caseless) + LiteralKey.rank(literal[best + 1], caseless) {
            best = index
        }
        self.init(first: literal[best], firstFolds: folds(literal[best]), second: literal[best + 1],
                  secondFolds: folds(literal[best + 1]), offset: best)
    }

    init(first: UInt8, firstFolds: Bool, second: UInt8?, secondFolds: Bool, offset: Int) {
        self.first = first
        self.firstFolds = firstFolds
        self.second = second
        self.secondFolds = secondFolds
        self.offset = offset
    }

    /// The bytes a scan stops at for this key: its first byte, in both cases when it folds.
    var stopBytes: [UInt8] { firstFolds ? [first, first & ~0x20] : [first] }

    /// Whether the key stands at `position` (its first byte there).
    @inline(__always)
    func matches(_ base: UnsafePointer<UInt8>, at position: Int, count: Int) -> Bool {
        guard (firstFolds ? base[position] | 0x20 : base[position]) == first else { return false }
        guard let second else { return true }
        return position + 1 < count && (secondFolds ? base[position + 1] | 0x20 : base[position + 1]) == second
    }

    /// How common a byte is in HTML, lower is rarer.
    static func rank(_ byte: UInt8, _ caseless: Bool) -> Int {
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
        case 0x20, 0x09...0x0D:
            return 6
        default:
            // Letters, and the `<`, `>`, `=` and quotes of every tag.
            return 5
        }
    }
}

/// Up to eight keys, compared with 16 bytes at once: a block where none can stand is
/// skipped whole. A class: the scans hold it in loops, where a struct of this size
/// would be copied on every use.
final class KeyVector: @unchecked Sendable {
    static let capacity = 8
    /// Per key: the first byte's fold mask and value, the second's (read one byte on).
    private let lanes: UnsafeMutablePointer<SIMD16<UInt8>>
    private let count: Int

    /// Nil for no key or more than `capacity` (keys differing only in where they stand
    /// in their literals count once).
    init?(_ keys: [LiteralKey]) {
        var distinct = [LiteralKey]()
        for key in keys {
            var bytes = key
            bytes.offset = 0
            if !distinct.contains(bytes) { distinct.append(bytes) }
        }
        guard !distinct.isEmpty, distinct.count <= KeyVector.capacity else { return nil }
        count = distinct.count
        lanes = .allocate(capacity: 4 * distinct.count)
        for (index, key) in distinct.enumerated() {
            lanes[4 * index] = SIMD16(repeating: key.firstFolds ? 0x20 : 0)
            lanes[4 * index + 1] = SIMD16(repeating: key.first)
            // A missing second byte becomes "any byte": (b | 0xFF) == 0xFF always holds.
            lanes[4 * index + 2] = SIMD16(repeating: key.second == nil ? 0xFF : (key.secondFolds ? 0x20 : 0))
            lanes[4 * index + 3] = SIMD16(repeating: key.second ?? 0xFF)
        }
    }

    deinit { lanes.deallocate() }

    /// Bit i set when some key stands at `position + i`, for i in 0..<16.
    /// Reads 17 bytes: the caller ensures `position + 17 <= count`.
    @inline(__always)
    func hits(_ base: UnsafePointer<UInt8>, at position: Int) -> UInt32 {
        let here = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
        let next = UnsafeRawPointer(base + position + 1).loadUnaligned(as: SIMD16<UInt8>.self)
        var found = SIMDMask<SIMD16<Int8>>(repeating: false)
        for key in 0..<count {
            let lane = lanes + 4 * key
            found = found .| (((here | lane[0]) .== lane[1]) .& ((next | lane[2]) .== lane[3]))
        }
        // Lanes are all-ones or zero: gather each lane's top bit into one bit of a
        // 16-bit mask (the multiply moves byte i's bit to bit 56 + i). No movemask in Swift.
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        func gather(_ word: UInt64) -> UInt32 {
            UInt32(truncatingIfNeeded: ((word & 0x8080_8080_8080_8080) >> 7 &* 0x0102_0408_1020_4080) >> 56)
        }
        return gather(words[0]) | gather(words[1]) << 8
    }
}

/// Where a pattern's literal prefix occurs, for searching one pattern with its
/// anchored form at each place instead of PCRE2's own scan.
struct LiteralFinder: Sendable {
    let literal: [UInt8]
    let caseless: Bool
    private let key: LiteralKey
    private let vector: KeyVector?

    init(literal: [UInt8], caseless: Bool) {
        self.literal = literal
        self.caseless = caseless
        key = LiteralKey(for: literal, caseless: caseless)
        vector = KeyVector([key])
    }

    /// The first position at or after `start` where the whole literal stands.
    func next(in subject: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = subject.baseAddress else { return nil }
        let count = subject.count
        var position = start + key.offset
        if let vector {
            while position + 17 <= count {
                var hits = vector.hits(base, at: position)
                while hits != 0 {
                    let at = position + hits.trailingZeroBitCount
                    if LiteralFinder.literal(literal, caseless: caseless, at: at - key.offset, in: base, count: count) { return at - key.offset }
                    hits &= hits - 1
                }
                position += 16
            }
        }
        while position < count {
            if key.matches(base, at: position, count: count),
               LiteralFinder.literal(literal, caseless: caseless, at: position - key.offset, in: base, count: count) {
                return position - key.offset
            }
            position += 1
        }
        return nil
    }

    @inline(__always)
    static func literal(_ literal: [UInt8], caseless: Bool, at start: Int, in base: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard start >= 0, start + literal.count <= count else { return false }
        var offset = 0
        for expected in literal {
            let byte = base[start + offset]
            if byte != expected && !(caseless && LiteralPrefix.lowercased(byte) == expected) { return false }
            offset += 1
        }
        return true
    }
}

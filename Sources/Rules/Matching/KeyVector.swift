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
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return 4
        case 0x20, 0x09...0x0D:
            return 6
        default:
            return 5
        }
    }
}

/// Up to four keys, compared with 16 bytes at once: a block where none can stand is
/// skipped whole. A class: the scans hold it in loops, where a 256-byte struct would be
/// copied on every use.
final class KeyVector: Sendable {
    private let fold0, key0, fold1, key1: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)

    /// Nil for none or more than four keys.
    init?(_ keys: [LiteralKey]) {
        guard let filler = keys.first, keys.count <= 4 else { return nil }
        // Unused lanes repeat the first key.
        let all = keys + Array(repeating: filler, count: 4 - keys.count)
        func splat(_ value: UInt8) -> SIMD16<UInt8> { SIMD16(repeating: value) }
        // A missing second byte becomes "any byte": (b | 0xFF) == 0xFF always holds.
        let f0 = all.map { splat($0.firstFolds ? 0x20 : 0) }, k0 = all.map { splat($0.first) }
        let f1 = all.map { splat($0.second == nil ? 0xFF : ($0.secondFolds ? 0x20 : 0)) }, k1 = all.map { splat($0.second ?? 0xFF) }
        fold0 = (f0[0], f0[1], f0[2], f0[3])
        key0 = (k0[0], k0[1], k0[2], k0[3])
        fold1 = (f1[0], f1[1], f1[2], f1[3])
        key1 = (k1[0], k1[1], k1[2], k1[3])
    }

    /// Whether some key may stand at a position in `position..<position + 16`.
    /// Reads 17 bytes: the caller ensures `position + 17 <= count`.
    @inline(__always)
    func mayHit(_ base: UnsafePointer<UInt8>, at position: Int) -> Bool {
        let here = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
        let next = UnsafeRawPointer(base + position + 1).loadUnaligned(as: SIMD16<UInt8>.self)
        let a = ((here | fold0.0) .== key0.0) .& ((next | fold1.0) .== key1.0)
        let b = ((here | fold0.1) .== key0.1) .& ((next | fold1.1) .== key1.1)
        let c = ((here | fold0.2) .== key0.2) .& ((next | fold1.2) .== key1.2)
        let d = ((here | fold0.3) .== key0.3) .& ((next | fold1.3) .== key1.3)
        // Not `any(_:)`: on this toolchain it reduces lane by lane through a generic `min()`.
        let lanes = unsafeBitCast(a .| b .| c .| d, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
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
        while position < count {
            if position + 17 <= count, let vector, !vector.mayHit(base, at: position) {
                position += 16
                continue
            }
            let end = min(position + 16, count)
            while position < end {
                if key.matches(base, at: position, count: count),
                   LiteralFinder.literal(literal, caseless: caseless, at: position - key.offset, in: base, count: count) {
                    return position - key.offset
                }
                position += 1
            }
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

import Foundation

/// Seeded random input for the fuzz tests: a fixed budget of cases per run, from a
/// seed printed with every failure (`CPVANITY_FUZZ_SEED=N swift test` repeats a run).
public struct FuzzInput: RandomNumberGenerator, Sendable {
    public let seed: UInt64
    private var state: UInt64

    /// The seed from `CPVANITY_FUZZ_SEED`, else a new one.
    public init() {
        let given = ProcessInfo.processInfo.environment["CPVANITY_FUZZ_SEED"].flatMap(UInt64.init)
        self.init(seed: given ?? UInt64.random(in: 1...UInt64.max))
    }

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// SplitMix64.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// What a failure should say so the run can be repeated.
    public var repeatHint: String { "repeat with CPVANITY_FUZZ_SEED=\(seed)" }

    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }

    /// `count` pieces drawn from `pieces`, with random bytes now and then.
    public mutating func text(from pieces: [String], count: Int) -> String {
        var out = ""
        for _ in 0..<count {
            if Int.random(in: 0..<10, using: &self) == 0 {
                out += String(decoding: bytes(Int.random(in: 1...4, using: &self)), as: UTF8.self)
            } else {
                out += pieces.randomElement(using: &self) ?? ""
            }
        }
        return out
    }

    /// `data` with a few bytes flipped, dropped or repeated.
    public mutating func mutated(_ data: [UInt8], edits: Int) -> [UInt8] {
        var copy = data
        for _ in 0..<edits where !copy.isEmpty {
            let index = Int.random(in: 0..<copy.count, using: &self)
            switch Int.random(in: 0..<3, using: &self) {
            case 0: copy[index] = UInt8.random(in: 0...255, using: &self)
            case 1: copy.remove(at: index)
            default: copy.insert(copy[index], at: index)
            }
        }
        return copy
    }

    /// Numbers as servers and files write them, hostile ones included.
    public mutating func numberText() -> String {
        ["0", "-1", "1e300", "-1e300", "inf", "-inf", "nan", "1.5", "99999999999999999999", "0x10", "", " 7 ", "1,000",
         String(Int.random(in: 0...Int.max, using: &self)), "9223372036854775808", "3e-400"].randomElement(using: &self) ?? "0"
    }
}

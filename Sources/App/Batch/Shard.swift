/// `--shard K/N`: the K-th of N stable parts of an ID list, for splitting one long list
/// across job runners. A member's part follows from its ID alone (a hash), so the parts
/// do not change when the list is reordered or grows, and together they are the list.
public struct Shard: Sendable, Equatable {
    /// 1-based, as `split -n K/N` counts.
    public let index: Int
    public let count: Int

    public init?(argument: String) {
        guard let shard = try? Shard.parsed(argument) else { return nil }
        self = shard
    }

    /// `K/N` read, or why it is not one in words a user can act on.
    public static func parsed(_ text: String) throws(GivenValueError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw GivenValueError(key: "shard", rule: "'\(text)' is not K/N: the K-th of N parts, two whole numbers, e.g. 2/4")
        }
        guard (1...10_000).contains(count) else {
            throw GivenValueError(key: "shard", rule: "the number of parts must be from 1 to 10,000, not \(count)")
        }
        guard (1...count).contains(index) else {
            throw GivenValueError(key: "shard", rule: "part \(index) of \(count) does not exist: K is from 1 to \(count)")
        }
        return Shard(index: index, count: count)
    }

    private init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }


    /// True when `id` belongs to this part: FNV-1a (64-bit) of its UTF-8, modulo N.
    public func contains(_ id: String) -> Bool {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int(hash % UInt64(count)) == index - 1
    }
}

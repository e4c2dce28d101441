/// Which 64-byte blocks of a page hold a byte at or above 0x80. A region that touches
/// none of them is all ASCII, and patterns may match it with their faster byte-wise
/// program (see `CompiledPattern.firstMatch(in:from:asciiOnly:scratch:)`). Pages with a
/// few non-ASCII characters (a name, a © in the footer) keep the fast path everywhere
/// else; the test costs a few word operations per region.
struct ASCIIBlocks {
    /// Bit `b` of word `w` is set when block `64 * w + b` holds a non-ASCII byte.
    private let marks: [UInt64]
    private let anyMarked: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let blockCount = (bytes.count + 63) / 64
        var marks = [UInt64](repeating: 0, count: (blockCount + 63) / 64)
        var anyMarked = false
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let highBits: UInt64 = 0x8080_8080_8080_8080
            for block in 0..<blockCount {
                let start = block * 64
                var high: UInt64 = 0
                if start + 64 <= bytes.count {
                    // Eight unaligned word loads per block: the compiler keeps this in registers.
                    for word in 0..<8 { high |= raw.loadUnaligned(fromByteOffset: start + 8 * word, as: UInt64.self) }
                    high &= highBits
                } else {
                    for index in start..<bytes.count where bytes[index] >= 0x80 { high = 1 }
                }
                if high != 0 {
                    marks[block >> 6] |= 1 << UInt64(block & 63)
                    anyMarked = true
                }
            }
        }
        self.marks = marks
        self.anyMarked = anyMarked
    }

    /// True when every byte in `range` is below 0x80.
    func isASCII(_ range: Range<Int>) -> Bool {
        guard anyMarked, !range.isEmpty else { return true }
        let first = range.lowerBound >> 6, last = (range.upperBound - 1) >> 6
        var word = first >> 6
        while word <= last >> 6, word < marks.count {
            var bits = marks[word]
            if word == first >> 6 { bits &= ~0 << UInt64(first & 63) }
            if word == last >> 6 { bits &= ~0 >> UInt64(63 - (last & 63)) }
            if bits != 0 { return false }
            word += 1
        }
        return true
    }
}

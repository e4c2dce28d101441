#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Comments a page's framework writes between the parts of one text, saying nothing:
/// React's `<!-- -->` (server-rendered, `1,204<!-- --> followers`), an empty `<!---->`,
/// and Vue's fragment marks `<!--[-->` and `<!--]-->`. A browser shows such a text
/// whole, and so patterns read it: a page's bytes are taken without them, before any
/// pattern or the learner sees the page. A comment with words in it stays.
public enum WordlessComments {
    /// The page without its wordless comments; the same bytes where it has none.
    public static func removed(from page: [UInt8]) -> [UInt8] {
        var kept = [UInt8]()
        var copied = 0
        page.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            // memchr: the C library's own search, for each `!` (rare on a page) and not
            // each `<` (every tag: the search stopped at each, 0.7% of a batch's CPU).
            while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "!")), bytes.count - offset) {
                let mark = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                offset = mark + 1
                let start = mark - 1
                guard start >= copied, start + 4 <= bytes.count, bytes[start] == UInt8(ascii: "<"), bytes[mark + 1] == UInt8(ascii: "-"),
                      bytes[mark + 2] == UInt8(ascii: "-"), let end = wordlessEnd(bytes, from: start + 4) else { continue }
                if kept.isEmpty { kept.reserveCapacity(bytes.count) }
                kept.append(contentsOf: bytes[copied..<start])
                copied = end
                offset = end
            }
        }
        guard copied > 0 else { return page }
        kept.append(contentsOf: page[copied...])
        return kept
    }

    /// Where the comment whose words start at `index` ends (past its `-->`), when all it
    /// holds is white space or one of Vue's marks; nil for any other.
    private static func wordlessEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        var at = index
        if at < bytes.count, bytes[at] == UInt8(ascii: "[") || bytes[at] == UInt8(ascii: "]") { at += 1 }
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
        guard at + 3 <= bytes.count, bytes[at] == UInt8(ascii: "-"), bytes[at + 1] == UInt8(ascii: "-"), bytes[at + 2] == UInt8(ascii: ">") else { return nil }
        return at + 3
    }
}

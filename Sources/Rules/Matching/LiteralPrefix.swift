/// The literal text every match of a pattern must start with, read from the pattern's
/// source. Conservative: anything it does not fully understand (alternation at the
/// top, a class, an escape other than punctuation, a quantifier, a group, non-ASCII)
/// ends the prefix there, and a prefix under two bytes is not worth a prefilter.
///
/// `Posted:\s*(\d+)` starts with `Posted:`; `\bid="x_(\d+)"` with `id="x_` (the
/// `\b` asserts without consuming); `<a[^>]*href` with `<a`; `a|b` with nothing.
enum LiteralPrefix {
    /// The prefix's bytes, ASCII lower-cased when `caseless` (compare folded), or nil.
    static func of(_ pattern: String, caseless: Bool) -> [UInt8]? {
        let bytes = Array(pattern.utf8)
        guard !quotesOrAlternatesAtTop(bytes) else { return nil }
        var index = 0
        while index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "b") {
            index += 2
        }
        var literal = [UInt8]()
        while index < bytes.count {
            var byte = bytes[index]
            var width = 1
            if byte == UInt8(ascii: "\\") {
                // `\:` is a colon; `\d`, `\x41`, `\Q`, `\1` are not plain text.
                guard index + 1 < bytes.count, bytes[index + 1] < 0x80, !isAlphanumeric(bytes[index + 1]) else { break }
                byte = bytes[index + 1]
                width = 2
            } else if byte >= 0x80 || isMetacharacter(byte) {
                break
            }
            let next = index + width
            // A quantifier makes the character optional or repeated: stop before it.
            if next < bytes.count, isQuantifierStart(bytes[next]) { break }
            literal.append(caseless ? lowercased(byte) : byte)
            index = next
        }
        return literal.count >= 2 ? literal : nil
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static func isMetacharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"),
             UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "^"),
             UInt8(ascii: "$"), UInt8(ascii: "#"):
            return true
        default:
            return byte < 0x20
        }
    }

    private static func isQuantifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "{")
    }

    /// True for `\Q...\E` anywhere (quoting hides metacharacters from this reader) and for
    /// a `|` outside every group and class (the prefix would be only one branch's).
    private static func quotesOrAlternatesAtTop(_ bytes: [UInt8]) -> Bool {
        var depth = 0
        var index = 0
        var inClass = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "Q") { return true }
                index += 2
                continue
            }
            if inClass {
                if byte == UInt8(ascii: "[") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":") {
                    // A POSIX class inside a class: [[:alpha:]]; skip to its ":]".
                    var end = index + 2
                    while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: ":") && bytes[end + 1] == UInt8(ascii: "]")) { end += 1 }
                    index = end + 2
                    continue
                }
                if byte == UInt8(ascii: "]") { inClass = false }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "["):
                inClass = true
                index += 1
                // A "]" first in the class (after an optional "^") is a literal.
                if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
                continue
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth = max(0, depth - 1)
            case UInt8(ascii: "|") where depth == 0: return true
            default: break
            }
            index += 1
        }
        return false
    }
}

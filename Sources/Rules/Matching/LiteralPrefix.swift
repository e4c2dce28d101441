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

    /// The longest run of literal text every match must contain somewhere (outside any
    /// group, class or quantifier): `class="member-missing"` in
    /// `<div[^>]*class="member-missing"`. A search can give up at once on text that
    /// lacks it. Runs are cut before a caseless `s` or `k` (PCRE2 also matches U+017F
    /// and U+212A there); nil when no run of four bytes is left, or the pattern sets
    /// options inline (which could change how its text compares).
    static func required(_ pattern: String, caseless: Bool) -> [UInt8]? {
        let bytes = Array(pattern.utf8)
        guard !quotesOrAlternatesAtTop(bytes), !setsOptions(bytes) else { return nil }
        var best = [UInt8](), run = [UInt8]()
        func endRun() {
            if run.count > best.count { best = run }
            run.removeAll()
        }
        var index = 0
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if depth > 0 {
                // Inside a group: nothing here is required; only find where it closes.
                switch byte {
                case UInt8(ascii: "\\"): index += 2; continue
                case UInt8(ascii: "["): index = classEnd(bytes, from: index); continue
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"): depth -= 1
                default: break
                }
                index += 1
                continue
            }
            var literal: UInt8?
            var width = 1
            switch byte {
            case UInt8(ascii: "\\"):
                width = 2
                if index + 1 < bytes.count, bytes[index + 1] < 0x80, !isAlphanumeric(bytes[index + 1]) { literal = bytes[index + 1] }
            case UInt8(ascii: "("):
                endRun()
                depth = 1
                index += 1
                continue
            case UInt8(ascii: "["):
                endRun()
                index = classEnd(bytes, from: index)
                continue
            default:
                if byte < 0x80, !isMetacharacter(byte) { literal = byte }
            }
            let next = index + width
            // A quantifier after it makes the character (or what precedes) optional or repeated.
            let quantified = next < bytes.count && isQuantifierStart(bytes[next])
            if let literal, !quantified {
                let folded = caseless ? lowercased(literal) : literal
                if caseless && (folded == UInt8(ascii: "s") || folded == UInt8(ascii: "k")) {
                    endRun()
                } else {
                    run.append(folded)
                }
            } else {
                endRun()
            }
            index = next
        }
        endRun()
        return best.count >= 4 ? best : nil
    }

    /// The index just past the class starting at `start` (which holds `[`).
    private static func classEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "[") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "]")) { index += 1 }
                index += 2
            case UInt8(ascii: "]"): return index + 1
            default: index += 1
            }
        }
        return index
    }

    /// `(?i)`, `(?-i)`, `(?x)`, `(?s:...)`: options set inside the pattern.
    private static func setsOptions(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: "?") {
                let next = bytes[index + 2]
                if next == UInt8(ascii: "-") || next == UInt8(ascii: "^") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z")) { return true }
            }
            if bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: "*") { return true }
            index += 1
        }
        return false
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

/// Scraping patterns often end by capturing up to a closing tag: `...>(.*?)</span>`.
/// PCRE2 runs the lazy `.*?` one character at a time, trying `</span>` after each:
/// on the articles page that tail was two-thirds of the description field's time.
/// Written as a possessive scan, `((?:[^<]++|<(?!/span>))*+)</span>`, it stops at the
/// same place, the first `</span>`, in far fewer steps.
///
/// The two are the same only at the very end of a pattern: there the lazy form's
/// first stop succeeds at once, so it never tries a longer capture, and the possessive
/// form never needs to. So the rewrite is made only when it is sure to hold: the
/// pattern ends with `(.*?)` and a plain literal of two or more characters; and it
/// holds nothing that changes what `.` or the literal mean (`(?s)`, `(?x)` and other
/// option settings, `(*VERBS)`, `\Q...\E`). `.` matches newlines (see `PCRE2Pattern`),
/// which `[^<]` does too; caseless matching applies alike to the literal, the class
/// and the lookahead. Tests compare every match of both forms. Public so that another
/// engine (the benchmark's baseline) can run the same programs.
public enum LazyCaptureTail {
    /// The possessive form of `pattern`, or nil when it has no tail to rewrite.
    public static func possessive(_ pattern: String) -> String? {
        let bytes = Array(pattern.utf8)
        let opener = Array("(.*?)".utf8)
        // The literal is the run of plain characters the pattern ends with; none of
        // them is `)`, so `(.*?)` must stand right before it.
        let literalStart = bytes.lastIndex(where: { !isPlainLiteral($0) }).map { $0 + 1 } ?? 0
        let literal = bytes[literalStart...]
        let start = literal.startIndex - opener.count
        guard literal.count >= 2, start >= 0, bytes[start..<literal.startIndex].elementsEqual(opener) else { return nil }
        // An odd number of backslashes before `(` makes it a literal parenthesis.
        var backslashes = 0
        var index = start - 1
        while index >= 0, bytes[index] == UInt8(ascii: "\\") {
            backslashes += 1
            index -= 1
        }
        // `(?(` would open a conditional, not a group.
        guard backslashes % 2 == 0, !(start >= 2 && bytes[start - 2] == UInt8(ascii: "(") && bytes[start - 1] == UInt8(ascii: "?")),
              !changesMeaning(bytes[..<start]) else { return nil }
        let first = literal[literal.startIndex]
        let rest = literal.dropFirst()
        let head = String(decoding: bytes[..<start], as: UTF8.self)
        let scan = "((?:[^\(char(first))]++|\(char(first))(?!\(String(decoding: rest, as: UTF8.self))))*+)"
        return head + scan + String(decoding: literal, as: UTF8.self)
    }

    private static func char(_ byte: UInt8) -> String {
        String(UnicodeScalar(byte))
    }

    /// Characters that stand for themselves in a PCRE2 pattern and inside `[^...]`.
    private static func isPlainLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return #"</>_"'=:,;!@%&~ -"#.utf8.contains(byte)
        }
    }

    /// Option settings (`(?s)`, `(?-i)`, `(?x)`), verbs such as `(*UTF)` and `\Q`
    /// quoting could change how the tail reads; a recursion or subroutine call
    /// (`(?1)`, `(?R)`, `(?&name)`, `\g<1>`) could run the group somewhere the literal
    /// does not follow it. With any of them, leave the pattern alone. After `(?`, only
    /// what opens a plain group, an assertion or a comment is let through.
    private static func changesMeaning(_ head: ArraySlice<UInt8>) -> Bool {
        let harmlessAfterQuestionMark = Set(":=!<>|#'".utf8)
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in head {
            if previous == UInt8(ascii: "("), byte == UInt8(ascii: "*") { return true }
            if beforePrevious == UInt8(ascii: "("), previous == UInt8(ascii: "?"), !harmlessAfterQuestionMark.contains(byte) { return true }
            if previous == UInt8(ascii: "\\"), byte == UInt8(ascii: "Q") || byte == UInt8(ascii: "g") { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}

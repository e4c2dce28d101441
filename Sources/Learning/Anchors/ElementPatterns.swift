import Foundation

/// The pieces of pattern the learner writes from what the tree shows: an element by
/// its name and an attribute, a label as the whole text of its element, an element's
/// content to its own end tag. Each is PCRE2 over the page's bytes, as a pack holds it.
enum ElementPatterns {
    /// Tags, white space and non-breaking spaces between an anchor and its value.
    static let skip = "(?:\\s|&nbsp;|&#160;|<[^>]+>)*"

    /// The same after an element's start tag, never past its own end tag: an element
    /// left empty on another page (a member with no title) reads as none there, not as
    /// the next element's words.
    static func skip(inside name: String) -> String {
        "(?:\\s|&nbsp;|&#160;|<(?!/\(name)\\s*>)[^>]+>)*"
    }

    static let quote = "[\"\\x27]"

    /// The start tag of a `name` element whose `attribute` is `value` (or, for `class`,
    /// holds the word `value`), up to its `>` (`whole`), or up to the value's quote.
    static func startTag(_ name: String, attribute: String, value: String, whole: Bool = true) -> String {
        let written: String
        switch attribute {
        case "class":
            written = "(?:[^\"\\x27]*\\s)?" + escaped(value) + "(?:\\s[^\"\\x27]*)?"
        case "id":
            written = generalised(value)
        default:
            written = "\\s*" + escaped(value) + "\\s*"
        }
        return "<\(name)\\b[^>]*?\\b\(escaped(attribute))\\s*=\\s*\(quote)\(written)\(quote)" + (whole ? "[^>]*>" : "")
    }

    /// A text that is the whole of its element's words: `>Born<`, white space aside;
    /// never the tail of a longer label ("Total views" for "views").
    static func wholeText(_ text: String) -> String {
        ">\\s*" + words(text) + "\\s*(?=<)"
    }

    /// Words (as a person reads them, entities decoded) as the page may write them: any
    /// run of white space (or `&nbsp;`) between them, and each sign but a letter or a
    /// digit as itself or as a character reference (`—` as `&mdash;`, `&#8212;`).
    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).map { word in word.unicodeScalars.map(character).joined() }
            .joined(separator: "(?:\\s|&nbsp;|&#160;)+")
    }

    /// One character as the page may write it: itself, or a character reference.
    static func character(_ scalar: Unicode.Scalar) -> String {
        let literal = escaped(String(scalar))
        guard !(scalar.properties.isAlphabetic && scalar.isASCII) && !("0"..."9").contains(scalar) else { return literal }
        let named: String
        switch scalar {
        case "&": named = "|&amp;"
        case "<": named = "|&lt;"
        case ">": named = "|&gt;"
        case "\"": named = "|&quot;"
        case "'": named = "|&apos;"
        default: named = scalar.isASCII ? "" : "|&[A-Za-z][A-Za-z0-9]*;"
        }
        return "(?:\(literal)|&#0*\(scalar.value);|&#[xX]0*\(String(scalar.value, radix: 16));\(named))"
    }

    /// An element's content, from just after the start tag `opening` matches to its own
    /// end tag, as capture group 1. Where the element may hold others of its name (a
    /// `<div>` in a `<div>`), nested ones are matched whole on the way (PCRE2's
    /// recursion), so the region ends at the element's own end tag and no sooner.
    static func content(of name: String, opening: String, nests: Bool) -> String {
        let tag = escaped(name)
        guard nests else { return opening + "(.*?)</\(tag)\\s*>" }
        let other = "(?:[^<]++|<(?!/?\(tag)\\b))"
        return opening + "((?:\(other)|(?<nested><\(tag)\\b[^>]*+>(?:\(other)|(?&nested))*+</\(tag)\\s*>))*+)</\(tag)\\s*>"
    }

    /// An id with its varying parts generalised: ASP.NET's naming-container prefix
    /// (`ctl00_`, `ctl01_`) and every run of digits.
    static func generalised(_ id: String) -> String {
        var pattern = "[^\"\\x27]*?"
        var rest = id[...]
        if let range = rest.range(of: "ctl\\d*_", options: [.regularExpression, .anchored]) { rest = rest[range.upperBound...] }
        var digits = false
        for character in rest {
            if character.isNumber && character.isASCII {
                if !digits { pattern += "\\d+" }
                digits = true
            } else {
                pattern += escaped(String(character))
                digits = false
            }
        }
        return pattern
    }

    /// Literal text in a pattern; `'` written `\x27`, since packs hold patterns in '…'.
    static func escaped(_ text: String) -> String {
        NSRegularExpression.escapedPattern(for: text).replacingOccurrences(of: "'", with: "\\x27")
    }
}

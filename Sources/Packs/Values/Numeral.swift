import Foundation
import PageText

/// A number as pages write one: an optional sign, digits with thousands separators
/// (`,`, `'`, spaces) and at most one decimal point, read off the bytes. Up to 18
/// digits, which is every count, rating and score a page shows; longer ones are read
/// by Int's and Decimal's own parsers (`FieldType.integer`, `FieldType.decimal`).
struct Numeral {
    let negative: Bool
    /// The digits; `exponent` places them.
    let significand: UInt64
    let exponent: Int
    let hasPoint: Bool

    enum Reading {
        case number(Numeral)
        /// Well formed, but more than 18 digits.
        case long
        case invalid
    }

    /// From a raw capture; nil when it holds anything but the above and white space
    /// (tags, references and non-ASCII spaces take the `String` path), or when it is long.
    init?(_ raw: UnsafeBufferPointer<UInt8>) {
        let reading = Numeral.read(raw, skipping: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "'") || $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) },
                                   allowsPlus: true)
        guard case .number(let numeral) = reading else { return nil }
        self = numeral
    }

    private init(negative: Bool, significand: UInt64, exponent: Int, hasPoint: Bool) {
        self.negative = negative
        self.significand = significand
        self.exponent = exponent
        self.hasPoint = hasPoint
    }

    /// Text already cleaned of separators.
    static func read(cleaned text: String) -> Reading {
        var text = text
        return text.withUTF8 { read($0, skipping: { _ in false }, allowsPlus: false) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, skipping isSeparator: (UInt8) -> Bool, allowsPlus: Bool) -> Reading {
        var significand: UInt64 = 0
        var exponent = 0
        var digits = 0
        var negative = false
        var afterPoint = false
        var signSeen = false
        // Separators stand between thousands only ("4,9" is no 49), or as India groups
        // (`12,34,567`): the digits since the last one, how many stood between digits,
        // the first group's size and the middle groups' of two and of three, and one
        // seen but not yet followed by a digit.
        var groupDigits = 0
        var groups = 0
        var firstGroup = 0, twos = 0, threes = 0
        var pending = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "-") where !signSeen && digits == 0 && !afterPoint: negative = true; signSeen = true
            case UInt8(ascii: "+") where allowsPlus && !signSeen && digits == 0 && !afterPoint: signSeen = true
            case UInt8(ascii: ".") where !afterPoint:
                if pending || !Numeral.grouped(groups: groups, first: firstGroup, twos: twos, threes: threes, last: groupDigits) { return .invalid }
                afterPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pending {
                    if afterPoint { return .invalid }
                    if groups == 0 { firstGroup = groupDigits } else if groupDigits == 2 { twos += 1 } else if groupDigits == 3 { threes += 1 } else { return .invalid }
                    groups += 1
                    groupDigits = 0
                    pending = false
                }
                digits += 1
                groupDigits += 1
                significand = significand &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                if afterPoint { exponent -= 1 }
            default:
                if !isSeparator(byte) { return .invalid }
                pending = digits > 0
            }
        }
        guard digits > 0, afterPoint || Numeral.grouped(groups: groups, first: firstGroup, twos: twos, threes: threes, last: groupDigits) else { return .invalid }
        // Past 18 digits the significand has wrapped; the caller reads the text instead.
        guard digits <= 18 else { return .long }
        return .number(Numeral(negative: negative, significand: significand, exponent: exponent, hasPoint: afterPoint))
    }

    /// Nil for anything with a point.
    var integer: Int? {
        guard !hasPoint else { return nil }
        return negative ? -Int(significand) : Int(significand)
    }

    /// `4.66` as significand 466 and exponent -2: exact, and much cheaper than
    /// Decimal's string parser.
    var decimal: Decimal {
        Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }
}


extension Numeral {
    /// Groups as thousands (a first of one to three digits, then threes: `1,204,873`) or
    /// as India writes them (a first of one or two, then twos, the last three:
    /// `12,34,567`); no separator at all is grouped too.
    static func grouped(groups: Int, first: Int, twos: Int, threes: Int, last: Int) -> Bool {
        guard groups > 0 else { return true }
        return last == 3 && (twos == 0 ? (1...3).contains(first) : threes == 0 && (1...2).contains(first))
    }

    /// Digits grouped as thousands or as India groups them, if at all (`grouped`). A
    /// comma between other digits ("4,9", a decimal comma or a slip) makes no number,
    /// never 49.
    static func isGrouped(_ text: String) -> Bool {
        // A separator before or after the digits is no group's ("20," in "Posts: 20, Replies: 8").
        let whole = text.prefix { $0 != "." }.trimmingCharacters(in: separatorSet).drop { $0 == "-" || $0 == "+" }
        let groups = whole.split(omittingEmptySubsequences: false) { separators.contains($0) }
        let middle = groups.dropFirst().dropLast().map(\.count)
        guard groups.count > 1, middle.allSatisfy({ $0 == 2 || $0 == 3 }) else { return groups.count <= 1 }
        return grouped(groups: groups.count - 1, first: groups[0].count, twos: middle.count { $0 == 2 }, threes: middle.count { $0 == 3 },
                       last: groups[groups.count - 1].count)
    }

    /// Plain text with thousands separators and a leading `+` removed; as it is where
    /// they do not group thousands, so that it reads as no number.
    static func cleaned(_ raw: String) -> String {
        var text = HTMLText.plain(raw)
        guard isGrouped(text) else { return text }
        if text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "'") || $0 >= 0x80 }) {
            text.unicodeScalars.removeAll { groupMarkScalars.contains($0) }
        }
        if text.hasPrefix("+") { text.removeFirst() }
        if text.hasPrefix("\u{2212}") { text.replaceSubrange(text.startIndex...text.startIndex, with: "-") }
        return text
    }

    /// The marks pages group thousands with: a comma, an apostrophe (`1'234`) and the
    /// spaces (`12 345`; no-break, narrow no-break and thin).
    static let groupMarks = ",' \u{00A0}\u{202F}\u{2009}"
    static let groupMarkScalars = Set(groupMarks.unicodeScalars)
    /// The marks and the line's own white space: made once, not once a number.
    private static let separators = Set(groupMarks + "\t\n\r")
    private static let separatorSet = CharacterSet(charactersIn: groupMarks + "\t\n\r")

    /// Cleaned text as an integer; past 18 digits, Int's own parser (nil outside Int's range).
    static func integer(_ text: String) -> Int? {
        switch read(cleaned: text) {
        case .number(let numeral): return numeral.integer
        case .long: return Int(text)
        case .invalid: return nil
        }
    }

    /// Cleaned text as a decimal; past 18 digits, Decimal's own parser.
    static func decimal(_ text: String) -> Decimal? {
        switch read(cleaned: text) {
        case .number(let numeral): return numeral.decimal
        case .long: return DecimalText.decimal(text)
        case .invalid: return nil
        }
    }

    /// The digits a `Decimal` holds exactly; a longer number would come back rounded.
    static let decimalDigits = 38

    /// A pattern's piece between a number's digits: a thousands separator as pages write one.
    static let separatorPattern = "(?:,|'|" + spacePattern + ")?"

    /// The spaces pages group thousands with (`12 345`, French pages' narrow no-break
    /// space), as characters or as references.
    static let spacePattern = "(?:\\s|\\x{A0}|\\x{202F}|\\x{2009}|&nbsp;|&#160;|&#8239;|&#x202[fF];|&thinsp;|&#8201;)"

    /// Before a capture: never a number's tail, not `001` of `5&#8239;006&#8239;001`
    /// where a pattern does not read that space, nor `234` of `1.234`: no digit, point or
    /// comma right before, nor a digit and a space between (a character, or any reference
    /// of its lengths: `&#8239;`, `&#x202F;`, `&nbsp;`, `&thinsp;`).
    static let notATail = "(?<![\\d.,])(?<!\\d[\\x{A0}\\x{202F}\\x{2009}\\x{2007}])(?<!\\d&#\\d{3};)(?<!\\d&#\\d{4};)"
        + "(?<!\\d&#x[0-9a-f]{4};)(?<!\\d&[a-z]{4};)(?<!\\d&[a-z]{6};)"

    /// A minus sign as a capture may hold it: ASCII's, or typeset (U+2212, `&minus;`).
    static let minusPattern = "(?:-|\\x{2212}|&minus;|&#8722;)"
}

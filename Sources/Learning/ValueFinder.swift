import Extraction
import Foundation
import Matching
import Packs
import PageText

/// Where a value a person reads on a page is written in its HTML: a number in any of
/// its written forms (`1204873`, `1,204,873`, `1&nbsp;204&nbsp;873`), a decimal as
/// shown, a text through entities and runs of white space.
struct ValueFinder {
    let value: String
    let type: FieldType
    private let pattern: any CompiledPattern

    init?(value: String, type: FieldType, engine: any PatternEngine) {
        self.value = value
        self.type = type
        guard let source = ValueFinder.regex(for: value, type: type),
              let compiled = try? engine.compile(source, options: PatternOptions(caseInsensitive: false)) else { return nil }
        pattern = compiled
    }

    /// The type a value written this way most likely has: digits (with thousands
    /// separators) are an int, digits with a decimal point a decimal, a count with a
    /// unit (`12.3k`, `2.2m`) rounded, `Apr 2017` a month, `10 years, 3 months` a
    /// duration, `12 Mar 2012` or `3 days ago` a date, a link a url, anything else text.
    static func inferredType(of value: String) -> FieldType {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        // A sign before a number is the number's: a contribution of `+3` or `-4`.
        let unsigned = trimmed.first.map { "+-\u{2212}".contains($0) } == true ? trimmed.dropFirst() : trimmed[...]
        let digits = unsigned.filter { $0 != "," && $0 != " " && $0 != "'" }
        // Only where the int type reads it: "4,5" groups no thousands (a decimal comma).
        if !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit) { return reads(.int, trimmed) ? .int : .text }
        // "1.234" or "12.345.678": a dot between thousands (as German pages write counts)
        // as much as a decimal point; read as the page's text, never a guessed number.
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        if unsigned.first != "0", parts.count > 1, parts.enumerated().allSatisfy({ index, group in
            group.allSatisfy(\.isASCIIDigit) && (index == 0 ? (1...3).contains(group.count) : group.count == 3)
        }) { return .text }
        if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) { return .decimal }
        // `1.2B` is billions; `0 B`, a B a space apart, is a size in bytes: its words.
        if let unit = trimmed.last, "kKmMbB".contains(unit), trimmed.dropLast().contains(where: \.isASCIIDigit),
           !("bB".contains(unit) && trimmed.dropLast().last?.isWhitespace == true), case .success = RoundedNumber.read(trimmed) { return .rounded }
        if trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://") { return .url }
        // A day as ISO 8601 writes it (`2024-03-05`); other digits alone are no date ("12").
        let iso = trimmed.split(separator: "-", omittingEmptySubsequences: false).map(\.count) == [4, 2, 2]
        if iso, trimmed.allSatisfy({ $0.isASCIIDigit || $0 == "-" }), DateText.parse(trimmed) != nil { return .date }
        if trimmed.contains(where: \.isLetter), trimmed.contains(where: \.isNumber) {
            // A clock after the day (`Feb 17, 2009 02:05`) is kept; a day with other
            // words after it (`Mar 12, 2012 (edited)`) is the page's text, not a shorter date.
            if DayAndTime.iso(trimmed) != nil { return .datetime }
            if DateText.parse(trimmed) != nil { return trimmed.split(whereSeparator: { $0.isWhitespace }).count <= 3 ? .date : .text }
            if DateText.yearMonth(trimmed) != nil { return .month }
            if RelativeTime.span(trimmed) != nil { return .duration }
        }
        // "3 days ago" names a day; "17 years ago" or "2 months ago" none a page can say:
        // a day counted back that far would be exact where the page is not. Its words.
        if RelativeTime.day(trimmed, before: Date(timeIntervalSince1970: 1e9)) != nil {
            let span = trimmed.lowercased().hasSuffix(" ago") ? RelativeTime.span(String(trimmed.dropLast(4))) : nil
            return span.map { $0.years + $0.months + $0.weeks > 0 } == true ? .text : .date
        }
        return .text
    }

    private static func reads(_ type: FieldType, _ text: String) -> Bool {
        var text = text
        if case .success = text.withUTF8({ type.read($0, base: "") }) { return true }
        return false
    }

    /// Whether the byte at `offset` stands in the page's text, not inside a tag (an
    /// attribute's `title="bjoern"`): the nearest `<` or `>` before it is a `>`.
    static func isInText(_ page: [UInt8], at offset: Int) -> Bool {
        var index = offset - 1
        while index >= 0, offset - index < 20_000 {
            if page[index] == UInt8(ascii: ">") { return true }
            if page[index] == UInt8(ascii: "<") { return false }
            index -= 1
        }
        return true
    }

    /// Whether the byte at `offset` is a tag's own markup, neither text nor an attribute's
    /// value: the `2` of `<h2>` and `</h2>`, which a value is never written in.
    static func isInTagName(_ page: [UInt8], at offset: Int) -> Bool {
        guard !isInText(page, at: offset), let open = page[max(0, offset - 20_000)..<offset].lastIndex(of: UInt8(ascii: "<")) else { return false }
        var quote: UInt8?
        var afterEquals = false
        for byte in page[(open + 1)..<offset] {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                afterEquals = true
            } else if byte == 0x20 || (0x09...0x0D).contains(byte) {
                afterEquals = false
            }
        }
        // Inside quotes, or an unquoted value right after `=` (`<td width=2>`): an attribute's value.
        return quote == nil && !afterEquals
    }

    /// Byte ranges of the first 50 places the value is written in the page's text, in
    /// page order; where it stands in no text, its places inside tags (attributes). A
    /// small number ("1") is written in many attributes (`version="1.1"`, an icon's
    /// path) before the one a person reads. `everywhere`: both, in page order, up to
    /// `limit` places in all (the page's tree tells them apart).
    func occurrences(in page: [UInt8], everywhere: Bool = false, limit: Int = 100) -> [Range<Int>] {
        var inText = [Range<Int>](), inTags = [Range<Int>]()
        let textCap = everywhere ? limit : 50, tagCap = everywhere ? limit : 50
        page.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count, inText.count < textCap, inText.count + inTags.count < max(limit, 5_000),
                  let match = try? pattern.firstMatch(in: buffer, from: start) {
                let range = match.range
                if !range.isEmpty {
                    if ValueFinder.isInText(page, at: range.lowerBound) { inText.append(range) } else if inTags.count < tagCap { inTags.append(range) }
                }
                if everywhere && inText.count + inTags.count >= limit { break }
                start = max(range.upperBound, range.lowerBound + 1)
            }
        }
        if everywhere { return (inText + inTags).sorted { $0.lowerBound < $1.lowerBound } }
        return inText.isEmpty ? inTags : inText
    }

    private static func regex(for value: String, type: FieldType) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        // A number's sign is found with it (`+3` whole, not its `3` after a `+`): the
        // place is then the element's whole text, as its patterns read it.
        if type.isNumber, let sign = trimmed.first, sign == "+" || sign == "-",
           let pattern = type.kind.pattern(finding: String(trimmed.dropFirst())) { return "\\" + String(sign) + pattern }
        if let pattern = type.kind.pattern(finding: trimmed) { return pattern }
        guard type.kind.capturesAsText else { return nil }
        let words = trimmed.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        return words.map { word in word.unicodeScalars.map(ElementPatterns.character).joined() }.joined(separator: "(?:\\s|&nbsp;|&#160;)+")
    }
}

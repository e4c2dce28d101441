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
    /// separators) are an int, digits with a decimal point a decimal, anything else text.
    static func inferredType(of value: String) -> FieldType {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.filter { $0 != "," && $0 != " " && $0 != "'" }
        if !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit) { return .int }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) { return .decimal }
        if trimmed.contains(where: \.isLetter), trimmed.contains(where: \.isNumber), DateText.parse(trimmed) != nil { return .date }
        return .text
    }

    /// Byte ranges of every place the value is written, in page order.
    func occurrences(in page: [UInt8]) -> [Range<Int>] {
        var found = [Range<Int>]()
        page.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count, found.count < 50,
                  let match = try? pattern.firstMatch(in: buffer, from: start) {
                let range = match.range
                if !range.isEmpty { found.append(range) }
                start = max(range.upperBound, range.lowerBound + 1)
            }
        }
        return found
    }

    private static let separator = "(?:,|'|\\s|&nbsp;|&#160;)?"

    private static func regex(for value: String, type: FieldType) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        switch type {
        case .int:
            let digits = trimmed.filter(\.isASCIIDigit)
            guard !digits.isEmpty else { return nil }
            return "(?<![\\d.,])" + digits.map(String.init).joined(separator: separator) + "(?![\\d]|[.,]\\d)"
        case .decimal:
            guard !trimmed.isEmpty else { return nil }
            return "(?<![\\d.])" + NSRegularExpression.escapedPattern(for: trimmed) + "0*(?![\\d])"
        default:
            let words = trimmed.split(whereSeparator: \.isWhitespace)
            guard !words.isEmpty else { return nil }
            return words.map { word in word.unicodeScalars.map(character).joined() }.joined(separator: "(?:\\s|&nbsp;|&#160;)+")
        }
    }

    /// One character as the page may write it: itself, or a character reference.
    private static func character(_ scalar: Unicode.Scalar) -> String {
        let literal = NSRegularExpression.escapedPattern(for: String(scalar))
        let decimal = "&#0*\(scalar.value);"
        let hex = "&#[xX]0*\(String(scalar.value, radix: 16));"
        let named: String
        switch scalar {
        case "&": named = "|&amp;"
        case "<": named = "|&lt;"
        case ">": named = "|&gt;"
        case "\"": named = "|&quot;"
        case "'": named = "|&apos;"
        default: named = scalar.isASCII ? "" : "|&[A-Za-z][A-Za-z0-9]*;"
        }
        guard !(scalar.properties.isAlphabetic && scalar.isASCII) && !("0"..."9").contains(scalar) else { return literal }
        return "(?:\(literal)|\(decimal)|\(hex)\(named))"
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

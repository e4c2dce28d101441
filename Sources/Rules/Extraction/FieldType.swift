import Foundation

/// What a captured string becomes. Conversion failures are values the page did not
/// deliver as promised, reported per field, never a crash.
public enum FieldType: String, Sendable, CaseIterable {
    /// Tags stripped, HTML entities decoded, white space collapsed.
    case text
    /// An integer; thousands separators (`,`, spaces, `'`) removed.
    case int
    /// A decimal number; thousands separators removed.
    case decimal
    /// Entities decoded and made absolute against the site's base URL.
    case url
    /// A day in any of the usual written forms, as ISO 8601 (`2012-03-12`).
    case date
    /// The captured text exactly as it stands in the page.
    case string

    func convert(_ raw: String, base: String) -> Result<FieldValue, ConversionError> {
        switch self {
        case .string:
            return .success(.text(raw))
        case .text:
            return .success(.text(HTMLText.plain(raw)))
        case .int:
            let digits = FieldType.numeral(raw)
            guard let value = Int(digits) else { return .failure(ConversionError(raw: raw, expected: "an integer")) }
            return .success(.int(value))
        case .decimal:
            let digits = FieldType.numeral(raw)
            guard FieldType.isDecimalNumeral(digits), let value = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else {
                return .failure(ConversionError(raw: raw, expected: "a decimal number"))
            }
            return .success(.decimal(value))
        case .url:
            let text = HTMLEntities.decode(raw).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, let resolved = AbsoluteURL.resolve(text, against: base) else {
                return .failure(ConversionError(raw: raw, expected: "a URL"))
            }
            return .success(.text(resolved))
        case .date:
            guard let date = DateText.parse(HTMLText.plain(raw)) else {
                return .failure(ConversionError(raw: raw, expected: "a date such as 12 Mar 2012"))
            }
            return .success(.date(date))
        }
    }

    /// Plain text with thousands separators and a leading `+` removed.
    private static func numeral(_ raw: String) -> String {
        var text = HTMLText.plain(raw)
        text.removeAll { $0 == "," || $0 == " " || $0 == "'" || $0 == "\u{00A0}" || $0 == "\u{202F}" }
        if text.hasPrefix("+") { text.removeFirst() }
        return text
    }

    private static func isDecimalNumeral(_ text: String) -> Bool {
        var body = Substring(text)
        if body.hasPrefix("-") { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty || parts.count == 2 else { return false }
        return parts.allSatisfy { part in part.allSatisfy { $0.isASCII && $0.isNumber } } && parts.contains { !$0.isEmpty }
    }
}

public struct ConversionError: Error, Sendable, Equatable {
    public var raw: String
    public var expected: String

    public var message: String {
        let shown = raw.count > 60 ? String(raw.prefix(57)) + "..." : raw
        return "captured \"\(shown)\", which is not \(expected)"
    }
}

enum AbsoluteURL {
    static func resolve(_ text: String, against base: String) -> String? {
        if let absolute = URL(string: text), absolute.scheme != nil { return absolute.absoluteString }
        guard let baseURL = URL(string: base.hasSuffix("/") ? base : base + "/"),
              let resolved = URL(string: text, relativeTo: baseURL) else { return nil }
        return resolved.absoluteURL.absoluteString
    }
}

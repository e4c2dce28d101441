import Foundation
import Packs

/// A `FieldValue` as two text columns, type and value, so it comes back exactly
/// (decimals as written, dates as days).
enum StoredValue {
    static func encode(_ value: FieldValue) -> (type: String, value: String?) {
        switch value {
        case .null: return ("null", nil)
        case .int(let number): return ("int", String(number))
        case .decimal(let number): return ("decimal", number.description)
        case .text(let text): return ("text", text)
        case .date(let date): return ("date", date.description)
        }
    }

    static func decode(type: String, value: String?) -> FieldValue {
        switch (type, value) {
        case ("int", let text?): return Int(text).map { .int($0) } ?? .null
        case ("decimal", let text?): return DecimalText.decimal(text).map { .decimal($0) } ?? .null
        case ("text", let text?): return .text(text)
        case ("date", let text?):
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, let date = CalendarDate(year: parts[0], month: parts[1], day: parts[2]) else { return .null }
            return .date(date)
        default: return .null
        }
    }
}

/// Times as ISO 8601 text with milliseconds, which sorts as time does.
enum StoredTime {
    static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func text(_ date: Date) -> String { date.formatted(style) }

    static func date(_ text: String) -> Date? { try? style.parse(text) }
}

import Foundation
import PageText

/// A typed value pulled out of a page.
public enum FieldValue: Sendable, Hashable {
    case null
    case text(String)
    case int(Int)
    /// Kept as `Decimal` so `4.66` stays `4.66`, not `4.6600000000000001`.
    case decimal(Decimal)
    case date(CalendarDate)

    public var isNull: Bool { self == .null }
}

/// A day without a time zone: `PageText`'s, named here for the records' users.
public typealias CalendarDate = PageText.CalendarDate

extension FieldValue: CustomStringConvertible {
    /// As a machine writes it: `1204873`, `4.66`, `2012-03-12`, the text itself, `null`.
    public var description: String {
        switch self {
        case .null: return "null"
        case .text(let text): return text
        case .int(let number): return String(number)
        case .decimal(let number): return number.description
        case .date(let date): return date.description
        }
    }
}

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

    /// What kind of value it is, by the name a record's coding and the history give it.
    public enum Kind: String, Sendable, CaseIterable {
        case text, int, decimal, date
    }

    /// Nil for null.
    public var kind: Kind? {
        switch self {
        case .null: return nil
        case .text: return .text
        case .int: return .int
        case .decimal: return .decimal
        case .date: return .date
        }
    }

    /// A value of `kind` from its text as `description` writes it (`4.66`, `2012-03-12`);
    /// nil when the text is not one. The one reader of a value kept as text (a
    /// checkpoint's record, the history's cells).
    public init?(kind: Kind, text: String) {
        switch kind {
        case .text: self = .text(text)
        case .int:
            guard let number = Int(text) else { return nil }
            self = .int(number)
        case .decimal:
            guard let number = DecimalText.decimal(text) else { return nil }
            self = .decimal(number)
        case .date:
            guard let date = CalendarDate(iso: text) else { return nil }
            self = .date(date)
        }
    }
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
        case .decimal(let number): return DecimalText.plain(number)
        case .date(let date): return date.description
        }
    }
}

import Foundation
import PageText

/// A typed value pulled out of a page.
public enum FieldValue: Sendable, Hashable, Codable {
    case null
    case text(String)
    case int(Int)
    /// Kept as `Decimal` so `4.66` stays `4.66`, not `4.6600000000000001`.
    case decimal(Decimal)
    case date(CalendarDate)

    public var isNull: Bool { self == .null }

    private enum CodingKeys: String, CodingKey { case text, int, decimal, date }

    /// Coded with one key naming the type (`{"int": 5}`; null as null), so a record read
    /// back (a checkpoint) holds the same values, `4.66` a decimal and `2012-03-12` a day.
    public init(from decoder: any Decoder) throws {
        if try decoder.singleValueContainer().decodeNil() {
            self = .null
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a value takes one of text, int, decimal, date"))
        }
        switch key {
        case .text: self = .text(try container.decode(String.self, forKey: key))
        case .int: self = .int(try container.decode(Int.self, forKey: key))
        case .decimal: self = .decimal(try container.decode(Decimal.self, forKey: key))
        case .date: self = .date(try container.decode(CalendarDate.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .text(let text):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
        case .int(let number):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .int)
        case .decimal(let number):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .decimal)
        case .date(let date):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
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
        case .decimal(let number): return number.description
        case .date(let date): return date.description
        }
    }
}

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

    /// Coded as one string whose first character names the type (`"i5"`, `"d4.66"`,
    /// `"D2012-03-12"`, `"tMaren"`; null as null), so a record read back (a checkpoint)
    /// holds the same values, `4.66` a decimal and `2012-03-12` a day. One string per
    /// value rather than an object: Foundation's coders spend most of a batch's CPU on
    /// a container per value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
            return
        }
        let coded = try container.decode(String.self)
        guard let value = FieldValue(coded: coded) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "'\(coded.prefix(40))' is not a value (t, i, d or D, then the value)"))
        }
        self = value
    }

    /// A value from its coded string (`"i5"`); nil when the string codes none.
    public init?(coded: String) {
        let body = coded.dropFirst()
        switch coded.first {
        case "t": self = .text(String(body))
        case "i":
            guard let number = Int(body) else { return nil }
            self = .int(number)
        case "d":
            // Decimal(string:) reads a prefix ("4.6x" as 4.6): the whole body must be a number.
            guard body.allSatisfy({ $0.isASCII && ($0.isNumber || "-+.eE".contains($0)) }),
                  let number = DecimalText.decimal(String(body)) else { return nil }
            self = .decimal(number)
        case "D":
            guard let date = CalendarDate(iso: body) else { return nil }
            self = .date(date)
        default: return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let coded { try container.encode(coded) } else { try container.encodeNil() }
    }

    /// The value as one tagged string (`"i5"`); nil for null.
    public var coded: String? {
        codedParts.map { String(UnicodeScalar($0.tag)) + $0.body }
    }

    /// `coded` in its two parts, its type's tag and the value's text, for writers that
    /// put them down apart (`Row.pack`).
    public var codedParts: (tag: UInt8, body: String)? {
        switch self {
        case .null: return nil
        case .text(let text): return (UInt8(ascii: "t"), text)
        case .int(let number): return (FieldValue.intTag, String(number))
        case .decimal(let number): return (UInt8(ascii: "d"), DecimalText.plain(number))
        case .date(let date): return (UInt8(ascii: "D"), date.description)
        }
    }

    /// An integer's tag in `coded` (`"i5"`).
    public static let intTag = UInt8(ascii: "i")
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

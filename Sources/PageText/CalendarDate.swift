import Foundation

/// A day without a time zone, as pages print them (`12 Mar 2012`).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...CalendarDate.days(inMonth: month, year: year)).contains(day),
              (1...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// ISO 8601: `2012-03-12`.
    public var description: String {
        // By hand: String(format:) is slow, and records print many dates (every row's,
        // in the output and in the checkpoint): ten bytes written in place.
        if (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) {
            return String(unsafeUninitializedCapacity: 10) { bytes in
                let zero = UInt8(ascii: "0")
                bytes[0] = zero + UInt8(year / 1000)
                bytes[1] = zero + UInt8(year / 100 % 10)
                bytes[2] = zero + UInt8(year / 10 % 10)
                bytes[3] = zero + UInt8(year % 10)
                bytes[4] = UInt8(ascii: "-")
                bytes[5] = zero + UInt8(month / 10)
                bytes[6] = zero + UInt8(month % 10)
                bytes[7] = UInt8(ascii: "-")
                bytes[8] = zero + UInt8(day / 10)
                bytes[9] = zero + UInt8(day % 10)
                return 10
            }
        }
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The day an ISO text (`2012-03-12`) names; nil for any other text.
    public init?<Text: StringProtocol>(iso text: Text) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Coded as its ISO text (`2012-03-12`); a text that names no day is refused.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a day (YYYY-MM-DD)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension CalendarDate {
    /// The day `date` falls on in UTC (a Unix timestamp's day).
    public init?(utcDayOf date: Date) {
        let parts = CalendarDate.utc.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        self.init(year: year, month: month, day: day)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}

import Foundation

/// Reads a moment the way feeds and HTTP headers write one, without a DateFormatter
/// (which costs a formatter per format per call): RFC 822/1123 (`Tue, 10 Jun 2003
/// 04:00:00 GMT`, `+0100`, without the weekday or the seconds, two-digit years) and
/// ISO 8601 (`2003-06-10T04:00:00Z`, fractions, offsets). Days are `DateText`'s.
package enum InstantText {
    package static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first else { return nil }
        return first.isNumber && trimmed.dropFirst(4).first == "-" ? iso8601(trimmed) : rfc822(trimmed)
    }

    /// A moment as a page keeps its server's clock: a Unix time of 9 to 11 digits, an
    /// ISO 8601 timestamp (also with a space for the `T`), or a day (its midnight, UTC).
    package static func moment(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let seconds = DateText.unixSeconds(trimmed) { return Date(timeIntervalSince1970: seconds) }
        let spaced = trimmed.split(separator: " ")
        if spaced.count == 2, spaced[0].count == 10, let instant = iso8601(spaced.joined(separator: "T")) { return instant }
        if let instant = parse(trimmed) { return instant }
        guard let day = DateText.parse(trimmed) else { return nil }
        return instant(year: day.year, month: day.month, day: day.day, hour: 0, minute: 0, second: 0, offset: 0)
    }

    /// `[Wkd,] DD Mon YYYY HH:MM[:SS] [zone]`.
    static func rfc822(_ text: String) -> Date? {
        var words = text.split { $0 == " " || $0 == "\t" || $0 == "," }.map(String.init)
        if let first = words.first, first.first?.isLetter == true { words.removeFirst() }
        guard words.count >= 4, let day = Int(words[0]), let month = DateText.month(words[1]), var year = Int(words[2]) else { return nil }
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let clock = words[3].split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, let hour = clock[0], let minute = clock[1] else { return nil }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second, let offset = words.count > 4 ? zoneOffset(words[4]) : 0 else { return nil }
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: Double(second), offset: offset)
    }

    /// `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)`.
    static func iso8601(_ text: String) -> Date? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-").map { Int($0) }
        guard day.count == 3, let year = day[0], let month = day[1], let dayOfMonth = day[2] else { return nil }
        var time = parts[1]
        var offset = 0
        if time.hasSuffix("Z") || time.hasSuffix("z") {
            time = time.dropLast()
        } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            guard let zone = zoneOffset(String(time[sign...]).replacingOccurrences(of: ":", with: "")) else { return nil }
            offset = zone
            time = time[..<sign]
        } else {
            return nil
        }
        let clock = time.split(separator: ":")
        guard clock.count == 2 || clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
        let second = clock.count == 3 ? Double(clock[2]) : 0
        guard let second, second.isFinite else { return nil }
        return instant(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// Seconds east of UTC: `GMT`, `UT`, `UTC`, `Z`, the US zones RFC 822 names, `+0100`.
    static func zoneOffset(_ zone: String) -> Int? {
        let named = ["GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
                     "PST": -8, "PDT": -7]
        if let hours = named[zone.uppercased()] { return hours * 3600 }
        guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-", let value = Int(zone.dropFirst()) else { return nil }
        let seconds = (value / 100) * 3600 + (value % 100) * 60
        return sign == "-" ? -seconds : seconds
    }

    /// The moment, from a civil date and time at `offset` seconds east of UTC; nil
    /// for a day or time that does not exist.
    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int) -> Date? {
        guard CalendarDate(year: year, month: month, day: day) != nil, (0...23).contains(hour), (0...59).contains(minute),
              second >= 0, second < 61 else { return nil }
        // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + second
        return Date(timeIntervalSince1970: seconds)
    }
}

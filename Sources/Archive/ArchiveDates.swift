import Foundation

/// What users write for archived moments: `--as-of 2014-01`, `--max-skew 2d`.
public enum ArchiveDates {
    /// `2014` (the year), `2014-01` (the month), `2014-01-10` (the day), all UTC, or an
    /// ISO 8601 time (that second). Nil for anything else, or before 1990.
    public static func period(_ text: String) -> DateInterval? {
        if text.contains("T") {
            // The parser is lenient (25:00 is the next day's 01:00): the clock is checked first.
            let clock = Array(text.utf8.dropFirst(11).prefix(8))
            func number(_ at: Int) -> Int? { Int(String(decoding: clock[at..<at + 2], as: UTF8.self)) }
            guard clock.count == 8, let hour = number(0), hour < 24, let minute = number(3), minute < 60, let second = number(6), second < 60,
                  let moment = try? Date.ISO8601FormatStyle().parse(text), moment >= Date(timeIntervalSince1970: 631_152_000) else { return nil }
            return DateInterval(start: moment, duration: 1)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count,
              numbers[0] >= 1990, numbers[0] <= 9999 else { return nil }
        var components = DateComponents()
        components.year = numbers[0]
        components.month = numbers.count > 1 ? numbers[1] : 1
        components.day = numbers.count > 2 ? numbers[2] : 1
        let calendar = ArchiveTimestamp.utc
        guard let month = components.month, (1...12).contains(month), let start = calendar.date(from: components),
              calendar.component(.day, from: start) == components.day else { return nil }
        let unit: Calendar.Component = numbers.count == 1 ? .year : numbers.count == 2 ? .month : .day
        guard let end = calendar.date(byAdding: unit, value: 1, to: start) else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// `90s`, `30m`, `36h`, `2d`, `1w` (a plain number is seconds); nil for anything
    /// else, for nothing at all, or for more than ten years.
    public static func duration(_ text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        var number = Substring(text.trimmingCharacters(in: .whitespaces))
        var scale = 1.0
        if let last = number.last, let unit = units[last] {
            scale = unit
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        let seconds = value * scale
        return seconds <= 10 * 366 * 86_400 ? seconds : nil
    }
}

extension DateInterval {
    /// `date` is in the period, its end not included: 2015-01-01 00:00 is not in 2014
    /// (Foundation's `contains` includes the end).
    public func holds(_ date: Date) -> Bool { date >= start && date < end }
}

extension ArchiveDates {
    /// A period as people write it: `2014` for a year, `2014-01` for a month,
    /// `2014-01-10` for a day, else its start and end.
    public static func name(_ period: DateInterval) -> String {
        let calendar = ArchiveTimestamp.utc
        let start = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: period.start)
        let year = String(format: "%04d", start.year ?? 0), month = String(format: "%02d", start.month ?? 0), day = String(format: "%02d", start.day ?? 0)
        let midnight = start.hour == 0 && start.minute == 0 && start.second == 0
        if midnight, start.month == 1, start.day == 1, calendar.date(byAdding: .year, value: 1, to: period.start) == period.end { return year }
        if midnight, start.day == 1, calendar.date(byAdding: .month, value: 1, to: period.start) == period.end { return "\(year)-\(month)" }
        if midnight, calendar.date(byAdding: .day, value: 1, to: period.start) == period.end { return "\(year)-\(month)-\(day)" }
        let format = Date.ISO8601FormatStyle()
        return period.duration <= 1 ? format.format(period.start) : "\(format.format(period.start)) to \(format.format(period.end))"
    }

    /// `2019-05-20`: the day of a moment, UTC.
    public static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle().year().month().day())
    }
}

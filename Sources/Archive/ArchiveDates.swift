import Foundation

/// What users write for archived moments: `--as-of 2014-01`, `--max-skew 2d`.
public enum ArchiveDates {
    /// `2014` (the year), `2014-01` (the month), `2014-01-10` (the day), all UTC, or an
    /// ISO 8601 time (that second). Nil for anything else, or before 1990.
    public static func period(_ text: String) -> DateInterval? {
        if text.contains("T"), let moment = try? Date.ISO8601FormatStyle().parse(text) {
            return DateInterval(start: moment, duration: 1)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
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

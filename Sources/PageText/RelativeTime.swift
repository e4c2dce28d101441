import Foundation

/// Times pages write relative to when they were served: "today", "yesterday",
/// "2 days ago", "an hour ago", "3 years, 2 months ago", and spans such as "10 years,
/// 3 months" ("Member for ..."). A day is only known against the page's own time (the
/// fetch's, the capture's); fuzzy words ("this week", "recently") are no day at all.
package enum RelativeTime {
    /// The parts of a span, each bounded so that no page's number overflows a date.
    package struct Span: Equatable, Sendable {
        package var years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0

        /// ISO 8601 (`P10Y3M`, `P2D`, `PT5H`); `P0D` for nothing.
        package var iso: String {
            var date = ""
            if years > 0 { date += "\(years)Y" }
            if months > 0 { date += "\(months)M" }
            if weeks > 0 { date += "\(weeks)W" }
            if days > 0 { date += "\(days)D" }
            var time = ""
            if hours > 0 { time += "\(hours)H" }
            if minutes > 0 { time += "\(minutes)M" }
            if seconds > 0 { time += "\(seconds)S" }
            if date.isEmpty && time.isEmpty { return "P0D" }
            return "P" + date + (time.isEmpty ? "" : "T" + time)
        }

        /// As people say it: "13 years, 7 months", "1 day"; "0 days" for nothing.
        package var words: String {
            let parts = [(years, "year"), (months, "month"), (weeks, "week"), (days, "day"),
                         (hours, "hour"), (minutes, "minute"), (seconds, "second")].filter { $0.0 > 0 }
            guard !parts.isEmpty else { return "0 days" }
            return parts.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        }

        package init() {}

        /// A span from its ISO 8601 form as `iso` writes it (`P10Y3M`, `PT5H`); nil for
        /// anything else, or a part past `RelativeTime.largest`.
        package init?(iso: String) {
            var text = Substring(iso)
            guard text.first == "P", text.count > 1 else { return nil }
            text = text.dropFirst()
            var inTime = false, number = "", parts = 0, timeParts = 0
            for character in text {
                if character == "T", number.isEmpty, !inTime { inTime = true; continue }
                if character.isASCII, character.isNumber {
                    guard number.count < 6 else { return nil }
                    number.append(character)
                    continue
                }
                guard let count = Int(number), count <= RelativeTime.largest else { return nil }
                number = ""
                switch (character, inTime) {
                case ("Y", false): years = count
                case ("M", false): months = count
                case ("W", false): weeks = count
                case ("D", false): days = count
                case ("H", true): hours = count
                case ("M", true): minutes = count
                case ("S", true): seconds = count
                default: return nil
                }
                parts += 1
                if inTime { timeParts += 1 }
            }
            guard number.isEmpty, parts > 0, !inTime || timeParts > 0 else { return nil }
        }
    }

    /// The largest count read in one part: past it the text is not a time a page shows.
    static let largest = 100_000

    /// The day `text` names, counted back from `now` in UTC: "today", "yesterday",
    /// "N units ago" (also "a day ago", "2 years, 3 months ago"); nil for anything else.
    package static func day(_ text: String, before now: Date) -> CalendarDate? {
        let words = normalized(text)
        switch words {
        case "today", "now", "just now", "moments ago", "a moment ago", "seconds ago", "a few seconds ago":
            return CalendarDate(utcDayOf: now)
        case "yesterday":
            return CalendarDate(utcDayOf: now.addingTimeInterval(-86_400))
        default:
            break
        }
        guard words.hasSuffix(" ago"), let span = span(String(words.dropLast(" ago".count))) else { return nil }
        var parts = DateComponents()
        parts.year = -span.years
        parts.month = -span.months
        parts.day = -(span.weeks * 7 + span.days)
        parts.hour = -span.hours
        parts.minute = -span.minutes
        parts.second = -span.seconds
        return utc.date(byAdding: parts, to: now).flatMap { CalendarDate(utcDayOf: $0) }
    }

    /// A span written in words: "10 years, 3 months", "13 years", "4 years and 6
    /// months", "an hour", "2 days"; nil for anything else (a unit twice, no number).
    package static func span(_ text: String) -> Span? {
        let words = normalized(text).replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: " and ", with: " ")
            .split(separator: " ").map(String.init)
        guard !words.isEmpty, words.count % 2 == 0 else { return nil }
        var span = Span()
        var seen = Set<String>()
        for index in stride(from: 0, to: words.count, by: 2) {
            let count: Int
            if words[index] == "a" || words[index] == "an" || words[index] == "one" {
                count = 1
            } else {
                guard words[index].utf8.count <= 6, let number = Int(words[index]), (0...largest).contains(number) else { return nil }
                count = number
            }
            guard let unit = unit(words[index + 1]), seen.insert(unit).inserted else { return nil }
            switch unit {
            case "year": span.years = count
            case "month": span.months = count
            case "week": span.weeks = count
            case "day": span.days = count
            case "hour": span.hours = count
            case "minute": span.minutes = count
            default: span.seconds = count
            }
        }
        return span
    }

    private static func unit(_ word: String) -> String? {
        let singular = word.hasSuffix("s") ? String(word.dropLast()) : word
        switch singular {
        case "year", "yr": return "year"
        case "month", "mo": return "month"
        case "week", "wk": return "week"
        case "day": return "day"
        case "hour", "hr": return "hour"
        case "minute", "min": return "minute"
        case "second", "sec": return "second"
        default: return nil
        }
    }

    /// Lower case, single spaces, no surrounding white space.
    private static func normalized(_ text: String) -> String {
        text.lowercased().split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{00A0}" }.joined(separator: " ")
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}

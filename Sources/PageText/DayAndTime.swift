/// A day with its clock time, as forums and logs write one (`Feb 17, 2009 02:05`,
/// `Mon Feb 16, 2009 3:45 pm`, `17 February 2009 at 14:05`, `02:05, 17 February 2009`,
/// `2011-12-03 20:07:05`, `2014-08-21T01:36:17Z`), as ISO 8601 text: `2009-02-17T02:05`.
/// The seconds and the zone are kept only where the page writes them: a page that names
/// no zone gets none, as its site's clock is not known.
package enum DayAndTime {
    package static func iso(_ text: String, century: Int? = nil) -> String? {
        var words = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\u{00A0}" }.map(String.init)
        // `2014-08-21T01:36:17Z`: the day and the clock in one word.
        if let first = words.first, first.count > 11, first.dropFirst(10).first == "T" || first.dropFirst(10).first == "t" {
            words[0...0] = [String(first.prefix(10)), String(first.dropFirst(11))]
        }
        guard let clockIndex = words.firstIndex(where: { $0.contains(":") }), var clock = Clock(words[clockIndex]) else { return nil }
        var rest = words
        rest.remove(at: clockIndex)
        // `3:45 pm`, `3:45 p.m.`: the half of the day after the clock.
        if clockIndex < rest.count, clock.half == nil, let half = Clock.half(rest[clockIndex]) {
            clock.half = half
            rest.remove(at: clockIndex)
        }
        // A zone right after the clock: `02:05 UTC`, `20:07:05 +0100`.
        if clockIndex < rest.count, clock.zone == nil, let zone = Clock.zone(rest[clockIndex]) {
            clock.zone = zone
            rest.remove(at: clockIndex)
        }
        // `17 February 2009 at 14:05`; a weekday before the day (`Mon Feb 16, 2009`).
        if clockIndex > 0, rest[clockIndex - 1].lowercased() == "at" { rest.remove(at: clockIndex - 1) }
        if rest.count == 4, DayAndTime.weekdays.contains(rest[0].lowercased().prefix(3)), rest[0].allSatisfy(\.isLetter) { rest.removeFirst() }
        guard rest.count == 3 || (rest.count == 1 && rest[0].count == 10 && rest[0].contains("-")), let day = DateText.parse(rest.joined(separator: " "), century: century),
              let time = clock.iso else { return nil }
        return "\(day)T\(time)"
    }

    private static let weekdays: Set<Substring> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// `14:05`, `3:45pm`, `20:07:05.250Z`, `01:36:17+02:00`.
    private struct Clock {
        var hour: Int, minute: Int, second: String?
        var half: Int?
        var zone: String?

        init?(_ word: String) {
            var word = Substring(word)
            if let end = word.firstIndex(where: { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" }) {
                guard let zone = Clock.zone(String(word[end...])) else { return nil }
                self.zone = zone
                word = word[..<end]
            }
            let letters = word.drop { !$0.isLetter }
            if !letters.isEmpty {
                guard let half = Clock.half(String(letters)) else { return nil }
                self.half = half
                word = word.dropLast(letters.count)
            }
            let parts = word.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].count), parts[1].count == 2,
                  parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit),
                  let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60 else { return nil }
            (self.hour, self.minute) = (hour, minute)
            if parts.count == 3 {
                // Seconds as written, with a fraction: `05`, `17.250`.
                let whole = parts[2].prefix { $0 != "." }
                guard whole.count == 2, let seconds = Int(whole), seconds <= 60, parts[2].dropFirst(2).dropFirst().allSatisfy(\.isASCIIDigit),
                      parts[2].count == 2 || parts[2].count > 3 else { return nil }
                second = String(parts[2])
            }
        }

        /// The clock on 24 hours, its seconds and zone as written; nil for `25:00` or `13:00 pm`.
        var iso: String? {
            var hour = hour
            if let half {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + half
            }
            guard hour < 24 else { return nil }
            let padded = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
            return padded(hour) + ":" + padded(minute) + (second.map { ":" + $0 } ?? "") + (zone ?? "")
        }

        /// 0 for `am`, `a.m.`; 12 for `pm`, `p.m.`.
        static func half(_ word: String) -> Int? {
            switch word.lowercased().filter({ $0 != "." }) {
            case "am": return 0
            case "pm": return 12
            default: return nil
            }
        }

        /// `Z`, `UTC`, `GMT` as `Z`; `+0100`, `+01:00`, `-05` as `+01:00`, `-05:00`. A zone's
        /// name (`EST`) is not read: one name stands for other offsets in other places.
        static func zone(_ word: String) -> String? {
            if ["z", "utc", "gmt"].contains(word.lowercased()) { return "Z" }
            guard let sign = word.first, sign == "+" || sign == "-" else { return nil }
            let digits = word.dropFirst().filter { $0 != ":" }
            guard digits.count == 4 || digits.count == 2, digits.allSatisfy(\.isASCIIDigit), word.count <= 6,
                  let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2).isEmpty ? "00" : digits.dropFirst(2)),
                  hours <= 14, minutes < 60 else { return nil }
            return "\(sign)\(digits.prefix(2)):\(digits.count == 4 ? String(digits.suffix(2)) : "00")"
        }
    }
}

extension Character {
    /// `0` to `9`, not the other scripts' digits `isNumber` also takes.
    package var isASCIIDigit: Bool { isASCII && isNumber }
}

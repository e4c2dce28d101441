import Foundation

/// Reads the day out of the ways pages write one: `12 Mar 2012`, `12 March 2012`,
/// `Mar 12, 2012`, `2012-03-12`, `2014-08-21T01:36:17Z`, and a Unix timestamp
/// (`1160418092`: its day in UTC, as pages keep it in an attribute). A time after the
/// date is ignored.
package enum DateText {
    /// `century`: where two-digit years are (2000: "Oct 10, 21" is 2021), as a pack
    /// says; without it a year has four digits.
    package static func parse(_ text: String, century: Int? = nil) -> CalendarDate? {
        var text = text
        if let quick = text.withUTF8({ dayMonthYear($0) }) { return quick }
        let words = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\u{00A0}" }.map(String.init)
        guard !words.isEmpty else { return nil }
        if words.count == 1, let seconds = unixSeconds(words[0]) {
            return CalendarDate(utcDayOf: Date(timeIntervalSince1970: seconds))
        }
        if words.count == 1 || words[0].contains("-") {
            // An ISO timestamp's day is the day it writes (`2014-08-21T01:36:17Z`).
            let day = words[0].split(separator: "T", maxSplits: 1).first ?? ""
            let parts = day.split(separator: "-")
            guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                  parts[0].count == 4 else { return nil }
            return CalendarDate(year: year, month: month, day: day)
        }
        guard words.count >= 3 else { return nil }
        if let day = Int(words[0]), let month = month(words[1]), let year = year(words[2], century: century) {
            return CalendarDate(year: year, month: month, day: day)
        }
        if let month = month(words[0]), let day = Int(words[1]), let year = year(words[2], century: century) {
            return CalendarDate(year: year, month: month, day: day)
        }
        return nil
    }

    /// The usual `12 Mar 2012`, read straight off the bytes (no tags, single spaces).
    package static func dayMonthYear(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
        var index = 0
        func number(maxDigits: Int) -> Int? {
            var value = 0, digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < maxDigits {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }
        guard let day = number(maxDigits: 2), index < bytes.count, bytes[index] == 0x20 else { return nil }
        index += 1
        guard index + 3 <= bytes.count else { return nil }
        // Lower-case ASCII, as one number to compare with the table's.
        let word = UInt32(bytes[index] | 0x20) << 16 | UInt32(bytes[index + 1] | 0x20) << 8 | UInt32(bytes[index + 2] | 0x20)
        guard let month = monthKeys.firstIndex(of: word), index + 3 < bytes.count, bytes[index + 3] == 0x20 else { return nil }
        index += 4
        let yearStart = index
        guard let year = number(maxDigits: 4), index - yearStart == 4, index == bytes.count else { return nil }
        return CalendarDate(year: year, month: month + 1, day: day)
    }

    private static let monthKeys: [UInt32] = months.map { name in name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Mar`, `March`, `Sept.` → 3, 3, 9; nil for anything else.
    static func month(_ word: String) -> Int? {
        let lower = word.lowercased().trimmingDot()
        guard lower.count >= 3, let index = months.firstIndex(of: String(lower.prefix(3))) else { return nil }
        // "Mar", "March" and "Sept" are fine; "Marching" is not a month.
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"][index]
        return full.hasPrefix(lower) ? index + 1 : nil
    }

    /// A month without its day, as `YYYY-MM`: `Apr 2017`, `April 2017`, `2017-04`,
    /// `04/2017` (a résumé's "Oct 2017 → Current"); nil for anything else.
    package static func yearMonth(_ text: String) -> String? {
        let words = text.split { $0 == " " || $0 == "," || $0 == "\u{00A0}" || $0 == "\t" || $0 == "\n" }.map(String.init)
        var year: Int?, number: Int?
        if words.count == 2 {
            (number, year) = (month(words[0]), Self.year(words[1]))
        } else if words.count == 1 {
            let parts = words[0].split { $0 == "-" || $0 == "/" }.map(String.init)
            guard parts.count == 2 else { return nil }
            if parts[0].count == 4 { (year, number) = (Self.year(parts[0]), Int(parts[1])) } else { (number, year) = (Int(parts[0]), Self.year(parts[1])) }
        }
        guard let year, let number, (1...12).contains(number), year > 0 else { return nil }
        return String(format: "%04d-%02d", year, number)
    }

    /// Seconds since 1970 written as 9 to 11 digits (from 1973 to 5138): shorter
    /// numbers are years or counts, not moments.
    static func unixSeconds(_ word: String) -> Double? {
        guard (9...11).contains(word.utf8.count), word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let seconds = Int(word) else { return nil }
        return Double(seconds)
    }

    private static func year(_ word: String, century: Int? = nil) -> Int? {
        if let century, word.count == 2, let short = Int(word), short >= 0 { return century + short }
        guard word.count == 4 else { return nil }
        return Int(word)
    }
}

private extension String {
    func trimmingDot() -> String { hasSuffix(".") ? String(dropLast()) : self }
}

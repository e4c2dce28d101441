/// Reads the day out of the ways pages write one: `12 Mar 2012`, `12 March 2012`,
/// `Mar 12, 2012`, `2012-03-12`. A time after the date is ignored.
enum DateText {
    static func parse(_ text: String) -> CalendarDate? {
        let words = text.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
        guard !words.isEmpty else { return nil }
        if words.count == 1 || words[0].contains("-") {
            let parts = words[0].split(separator: "-")
            guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                  parts[0].count == 4 else { return nil }
            return CalendarDate(year: year, month: month, day: day)
        }
        guard words.count >= 3 else { return nil }
        if let day = Int(words[0]), let month = month(words[1]), let year = year(words[2]) {
            return CalendarDate(year: year, month: month, day: day)
        }
        if let month = month(words[0]), let day = Int(words[1]), let year = year(words[2]) {
            return CalendarDate(year: year, month: month, day: day)
        }
        return nil
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ word: String) -> Int? {
        let lower = word.lowercased().trimmingDot()
        guard lower.count >= 3, let index = months.firstIndex(of: String(lower.prefix(3))) else { return nil }
        // "Mar", "March" and "Sept" are fine; "Marching" is not a month.
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"][index]
        return full.hasPrefix(lower) ? index + 1 : nil
    }

    private static func year(_ word: String) -> Int? {
        guard word.count == 4 else { return nil }
        return Int(word)
    }
}

private extension String {
    func trimmingDot() -> String { hasSuffix(".") ? String(dropLast()) : self }
}

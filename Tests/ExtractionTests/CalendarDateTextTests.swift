import Foundation
@testable import Packs
import PageText
import Testing

/// A day's text is written by hand: every year, month and day comes out padded as ISO 8601 writes it.
@Suite struct CalendarDateTextTests {
    @Test func everyDayIsItsISOText() throws {
        for (year, month, day, text) in [(2012, 3, 12, "2012-03-12"), (1999, 12, 31, "1999-12-31"), (2000, 1, 1, "2000-01-01"),
                                         (5, 6, 7, "0005-06-07"), (9999, 10, 9, "9999-10-09")] {
            guard let date = CalendarDate(year: year, month: month, day: day) else {
                Issue.record("\(text) is no day")
                continue
            }
            #expect(date.description == text)
            #expect(CalendarDate(iso: Substring(text)) == date)
        }
    }
}

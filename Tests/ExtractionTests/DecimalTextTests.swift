import Foundation
@testable import Packs
import PageText
import Testing

/// `DecimalText.plain` stands in for `Decimal.description` wherever a decimal is
/// written (JSON, CSV, the checkpoint, the history): it must be the same text, always.
@Suite struct DecimalTextTests {
    @Test func theFormsPagesShowAreWrittenAsDecimalWritesThem() {
        for text in ["4.66", "4.6", "0.05", "-0.5", "100", "0", "-0", "12.34", "0.000001", "99999999999999999.9", "1e3", "-4.60"] {
            let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
            #expect(DecimalText.plain(number) == number.description, "\(text)")
        }
        // Trailing zeros a mean keeps (Decimal(sign:exponent:significand:) does not normalise).
        let kept = Decimal(sign: .minus, exponent: -2, significand: 460)
        #expect(DecimalText.plain(kept) == kept.description)
        #expect(DecimalText.plain(Decimal(sign: .plus, exponent: 3, significand: 12)) == "12000")
        #expect(DecimalText.plain(Decimal(sign: .plus, exponent: -5, significand: 12)) == "0.00012")
    }

    /// A decimal is read only from text that is the number whole: `Decimal(string:)`
    /// alone reads "4.4.2" as 4.4 and "-" as 0, so a damaged checkpoint or history cell
    /// would come back as another number.
    @Test func onlyTextThatIsTheNumberWholeIsRead() {
        let read: [String: Decimal] = ["4.66": Decimal(466) / 100, "-1e3": -1000, "1E+5": 100_000, "2.5e-3": Decimal(25) / 10_000, "+3": 3, ".5": Decimal(5) / 10]
        for (text, number) in read {
            #expect(DecimalText.decimal(text) == number, "\(text)")
        }
        for text in ["4.4.2", "-", "", "1e5e5", "--3", " 4", "4 ", "1,5", "4.6x", "NaN", "\u{0664}.\u{0665}", String(repeating: "9", count: 5000)] {
            #expect(DecimalText.decimal(text) == nil, "\(text)")
        }
    }

    /// Every significand size up to 18 digits and beyond, every exponent in range and out.
    @Test func anyNumberIsTheSameTextAsItsDescription() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var differing = [String]()
        for _ in 0..<50_000 {
            // 1 to 19 digits, so the fast path's limit (18) is crossed both ways.
            let digits = Int(next() % 19) + 1
            let significand = next() % (0..<digits).reduce(UInt64(1)) { power, _ in power * 10 }
            let exponent = Int(next() % 45) - 22
            let number = Decimal(sign: next() % 2 == 0 ? .plus : .minus, exponent: exponent, significand: Decimal(significand))
            if DecimalText.plain(number) != number.description, differing.count < 5 {
                differing.append("\(significand)e\(exponent): \(DecimalText.plain(number)) against \(number.description)")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }
}

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

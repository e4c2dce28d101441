import App
import Foundation
import Testing

/// Every date option reads the same forms.
@Suite struct DateTextTests {
    @Test func aYearAMonthADayOrATime() {
        #expect(TypedDate.period("2014")?.start == Date(timeIntervalSince1970: 1_388_534_400))
        #expect(TypedDate.period("2014")?.end == Date(timeIntervalSince1970: 1_420_070_400))
        #expect(TypedDate.period("2014-01")?.end == Date(timeIntervalSince1970: 1_391_212_800))
        #expect(TypedDate.period("2026-11-01")?.start == Date(timeIntervalSince1970: 1_793_491_200))
        #expect(TypedDate.period("2026-11-01T08:00:00Z")?.start == Date(timeIntervalSince1970: 1_793_520_000))
    }

    @Test func anythingElseIsNoDate() {
        for text in ["2026-02-30", "yesterday", "2014-+1", "2014-1", "14", "1989", "", "2014-01-10T25:00:00Z"] {
            #expect(TypedDate.period(text) == nil, "\(text)")
        }
    }
}

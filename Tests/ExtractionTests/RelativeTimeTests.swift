@testable import Extraction
import Foundation
@testable import Packs
@testable import PageText
import Testing

/// Times a page writes relative to when it was served ("2 days ago", "today"), spans
/// ("10 years, 3 months") and two-digit years, read as the pack says; the days are
/// worked out here by hand.
@Suite struct RelativeTimeTests {
    /// 2022-03-17 17:22:29 UTC, the serverTime of a Stack Overflow page.
    static let served = Date(timeIntervalSince1970: 1_647_537_749)

    @Test func daysCountBackFromThePagesTime() {
        let cases: [(String, String)] = [
            ("today", "2022-03-17"), ("yesterday", "2022-03-16"), ("2 days ago", "2022-03-15"), ("a day ago", "2022-03-16"),
            ("18 hours ago", "2022-03-16"), ("5 hours ago", "2022-03-17"), ("3 weeks ago", "2022-02-24"),
            ("1 month ago", "2022-02-17"), ("2 years, 3 months ago", "2019-12-17"), ("an hour ago", "2022-03-17"),
            ("  2  DAYS\nago ", "2022-03-15"),
        ]
        for (text, day) in cases {
            #expect(RelativeTime.day(text, before: Self.served)?.description == day, "\(text)")
        }
    }

    @Test func fuzzyWordsAndNonsenseAreNoDay() {
        for text in ["this week", "more than a week ago", "ago", "2 days", "days ago", "2 fortnights ago", "2 days 3 days ago",
                     "99999999999 years ago", "-2 days ago", "1e3 days ago"] {
            #expect(RelativeTime.day(text, before: Self.served) == nil, "\(text)")
        }
    }

    @Test func spansAsISODurations() {
        #expect(RelativeTime.span("10 years, 3 months")?.iso == "P10Y3M")
        #expect(RelativeTime.span("13 years")?.iso == "P13Y")
        #expect(RelativeTime.span("4 years and 6 months")?.iso == "P4Y6M")
        #expect(RelativeTime.span("an hour")?.iso == "PT1H")
        #expect(RelativeTime.span("2 days, 5 minutes")?.iso == "P2DT5M")
        #expect(RelativeTime.span("this week") == nil)
        #expect(RelativeTime.span("3 years, 2 years") == nil)
    }

    /// Data keeps a span as ISO 8601; tables and reports say it in words.
    @Test func spansReadBackFromISOAndSaidInWords() {
        #expect(RelativeTime.Span(iso: "P13Y7M")?.words == "13 years, 7 months")
        #expect(RelativeTime.Span(iso: "P1Y1D")?.words == "1 year, 1 day")
        #expect(RelativeTime.Span(iso: "P2DT5M")?.words == "2 days, 5 minutes")
        #expect(RelativeTime.Span(iso: "PT1H")?.words == "1 hour")
        #expect(RelativeTime.Span(iso: "P0D")?.words == "0 days")
        for text in ["", "P", "13Y", "P13", "PY", "P1H", "PT1Y", "P1M2M3", "P9999999Y", "P-1Y", "P1YT", "PT"] {
            #expect(RelativeTime.Span(iso: text) == nil, "\(text)")
        }
        #expect(FieldType.duration.spoken(.text("P10Y3M")) == .text("10 years, 3 months"))
        #expect(FieldType.duration.spoken(.text("for ages")) == .text("for ages"))
        #expect(FieldType.text.spoken(.text("P10Y3M")) == .text("P10Y3M"))
    }

    @Test func twoDigitYearsOnlyWithACentury() {
        #expect(DateText.parse("Oct 10, 21") == nil)
        #expect(DateText.parse("Oct 10, 21", century: 2000)?.description == "2021-10-10")
        #expect(DateText.parse("10 Oct 99", century: 1900)?.description == "1999-10-10")
        #expect(DateText.parse("Oct 10, 2021", century: 1900)?.description == "2021-10-10")
    }

    /// In a pack: the page's own clock from the source's `time` pattern; without one (a
    /// saved page) a relative time is unreadable and says why.
    @Test func aPackReadsRelativeDaysAgainstThePagesClock() throws {
        let fields = """
            [fields.active]
            source = "page"
            type = "date"
            pattern = 'active ([^<]+)<'
            [fields.joined]
            source = "page"
            type = "date"
            century = 2000
            pattern = 'joined ([^<]+)<'
            [fields.member_for]
            source = "page"
            type = "duration"
            pattern = 'for ([^<]+)<'
            """
        let page = Array("<script>{\"serverTime\":1647537749}</script><p>active 2 days ago<p>joined Oct 10, 21<p>for 10 years, 3 months<".utf8)
        let timed = try testPack(fields, sources: "time = '\"serverTime\":(\\d+)'")
        let record = Extractor(pack: timed).extract([Page(source: "page", utf8: page, origin: "p.html")])
        #expect(record.value("active") == .date(try #require(CalendarDate(year: 2022, month: 3, day: 15))))
        #expect(record.value("joined") == .date(try #require(CalendarDate(year: 2021, month: 10, day: 10))))
        #expect(record.value("member_for") == .text("P10Y3M"))
        #expect(record.problems.isEmpty)

        let untimed = try testPack(fields)
        let unknown = Extractor(pack: untimed).extract([Page(source: "page", utf8: page, origin: "p.html")])
        #expect(unknown.value("active") == .null)
        #expect(unknown.problems.map(\.message) == [
            "captured \"2 days ago\", which is not a day here: it counts back from when the page was served, which is not known (a saved page: give its source a time pattern in the pack)",
        ])
        // A fetched page's own time serves when the page gives none.
        let fetched = Extractor(pack: untimed).extract([Page(source: "page", utf8: page, origin: "p.html", servedAt: Self.served)])
        #expect(fetched.value("active") == .date(try #require(CalendarDate(year: 2022, month: 3, day: 15))))
    }

    @Test func centuryIsForDatesAndWholeCenturies() throws {
        let problems = loadProblems("""
            [fields.a]
            source = "page"
            century = 2000
            pattern = '(x)'
            [fields.b]
            source = "page"
            type = "date"
            century = 2021
            pattern = '(x)'
            """)
        #expect(problems.map(\.description) == [
            "fields.a.century: applies to dates (type date), not text",
            "fields.b.century: must be a year ending in 00 from 1000 to 2900 (2000: \"21\" is 2021), not the integer 2021",
        ])
    }
}

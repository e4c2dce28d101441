import Foundation
import PageText
import Testing

/// One reader for the moments feeds and HTTP headers write, checked against
/// Foundation's ISO 8601 parser on the same instants.
@Suite struct InstantTextTests {
    func iso(_ text: String) -> Date? { try? Date.ISO8601FormatStyle().parse(text) }

    @Test func rfc822AsFeedsAndHeadersWriteIt() {
        #expect(InstantText.parse("Tue, 10 Jun 2003 04:00:00 GMT") == iso("2003-06-10T04:00:00Z"))
        #expect(InstantText.parse("Mon, 16 Nov 2026 18:05:10 +0100") == iso("2026-11-16T17:05:10Z"))
        #expect(InstantText.parse("16 Nov 2026 18:05 EST") == iso("2026-11-16T23:05:00Z"))
        #expect(InstantText.parse("Thu, 01 Jan 70 00:00:00 UT") == Date(timeIntervalSince1970: 0))
        #expect(InstantText.parse(" Sun, 29 Feb 2004 12:00:00 -0930 ") == iso("2004-02-29T21:30:00Z"))
    }

    @Test func iso8601() {
        #expect(InstantText.parse("2026-11-18T07:15:00Z") == iso("2026-11-18T07:15:00Z"))
        #expect(InstantText.parse("2026-11-18T08:15:00+01:00") == iso("2026-11-18T07:15:00Z"))
        #expect(InstantText.parse("2026-11-18T07:15:00.250Z") == iso("2026-11-18T07:15:00Z")?.addingTimeInterval(0.25))
        #expect(InstantText.parse("1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
    }

    @Test func whatIsNotAMomentIsNil() {
        for text in ["", "soon", "31 Feb 2003 00:00:00 GMT", "Tue, 10 Jun 2003 25:00:00 GMT", "10 Jun 2003 04:00:00 Mars",
                     "2026-11-18T07:15:00", "2026-13-01T00:00:00Z", "99999999999 Jun 2003 00:00 GMT", "1e300", "10 Jun 99999 00:00 GMT"] {
            #expect(InstantText.parse(text) == nil, "\(text)")
        }
    }
}

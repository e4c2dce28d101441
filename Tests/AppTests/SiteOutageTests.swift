@testable import App
import Extraction
import Foundation
import Lookup
import Testing

/// A site down for the run: ten members in a row with no answer at all, and nothing else.
@Suite struct SiteOutageTests {
    func record(_ id: String, _ errors: [MemberError]) -> MemberRecord {
        MemberRecord(id: id, site: "codeproject", fetchedAt: Date(timeIntervalSince1970: 0), sources: [], extracted: ExtractedRecord(), errors: errors)
    }

    let refused = MemberError(kind: .network, source: "profile", message: "cannot connect to 127.0.0.1:9", noAnswer: true)
    let timedOut = MemberError(kind: .timeout, source: "articles", message: "Connection timed out after 10001 milliseconds", noAnswer: true)
    let archiveDown = MemberError(kind: .archive, source: "articles", message: "the archive could not be reached: cannot resolve the host web.archive.org",
                                  noAnswer: true)

    @Test func tenMembersInARowWithNoAnswerShowTheSiteDown() {
        var outage = SiteOutage()
        for n in 1..<SiteOutage.threshold {
            let down = outage.observe(record("\(n)", n.isMultiple(of: 2) ? [refused] : n.isMultiple(of: 3) ? [archiveDown] : [refused, timedOut]))
            #expect(!down)
        }
        #expect(!outage.isDown)
        let tenth = outage.observe(record("10", [refused]))
        #expect(tenth)
        #expect(outage.isDown)
        // Said once: unanswered members still in flight are counted, not said again, and
        // an answer among them takes no stop back.
        let eleventh = outage.observe(record("11", [refused]))
        #expect(!eleventh)
        let answered = outage.observe(record("ok", []))
        #expect(!answered && outage.isDown)
        #expect(outage.inARow == 11)
        #expect(outage.stopping(left: 1) == "stopped starting lookups: 11 members in a row got no answer (cannot connect to 127.0.0.1:9); the member left is recorded as not looked up; run again when it is back")
        #expect(outage.notLookedUp == "no answer to the 11 members looked up before it (cannot connect to 127.0.0.1:9)")
        let left = record("12", [MemberError(kind: .notLookedUp, message: "not looked up: " + outage.notLookedUp)])
        #expect(SiteOutage.wasLeft(left))
        #expect(!SiteOutage.wasLeft(record("9", [refused])))
    }

    @Test func anAnswerOfAnyKindStartsTheCountAgain() {
        var outage = SiteOutage()
        let answers = [
            record("ok", []),
            record("missing", [MemberError(kind: .notFound, source: "profile", status: 404, message: "the site answered 404")]),
            record("busy", [MemberError(kind: .http, source: "profile", status: 503, message: "the site answered 503")]),
            record("half", [refused, MemberError(kind: .extraction, source: "articles", field: .field("views"), message: "no match")]),
            // An answer cut short, a circle of redirects, no capture in the archive: answers all.
            record("short", [MemberError(kind: .network, source: "profile", message: "the page ends early")]),
            record("circle", [MemberError(kind: .network, source: "profile", message: "redirected more than 10 times")]),
            record("uncaptured", [MemberError(kind: .archive, source: "profile", message: "no capture in 2014")]),
        ]
        for answer in answers {
            for n in 1..<SiteOutage.threshold { _ = outage.observe(record("\(n)", [refused])) }
            #expect(outage.inARow == SiteOutage.threshold - 1)
            let down = outage.observe(answer)
            #expect(!down)
            #expect(outage.inARow == 0)
        }
        #expect(!outage.isDown)
    }

    /// A backfill counts members by the error that ended them (nil: an answer).
    @Test func membersCountedByTheirError() {
        var outage = SiteOutage()
        for _ in 1..<SiteOutage.threshold { _ = outage.observe(unanswered: archiveDown) }
        let reset = outage.observe(unanswered: nil)
        #expect(!reset && outage.inARow == 0)
        var down = false
        for _ in 1...SiteOutage.threshold { down = outage.observe(unanswered: archiveDown) }
        #expect(down && outage.isDown)
        #expect(outage.cause == "the archive could not be reached: cannot resolve the host web.archive.org")
    }
}

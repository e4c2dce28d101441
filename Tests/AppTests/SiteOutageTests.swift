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

    let refused = MemberError(kind: .network, source: "profile", message: "cannot connect to 127.0.0.1:9")
    let timedOut = MemberError(kind: .timeout, source: "articles", message: "Connection timed out after 10001 milliseconds")

    @Test func tenMembersInARowWithNoAnswerShowTheSiteDown() {
        var outage = SiteOutage()
        for n in 1..<SiteOutage.threshold {
            let down = outage.observe(record("\(n)", n.isMultiple(of: 2) ? [refused] : [refused, timedOut]))
            #expect(!down)
        }
        #expect(!outage.isDown)
        let tenth = outage.observe(record("10", [refused]))
        #expect(tenth)
        #expect(outage.isDown)
        // Said once: the members after it are counted, not said again.
        let eleventh = outage.observe(record("11", [refused]))
        #expect(!eleventh)
        #expect(outage.inARow == 11)
        #expect(outage.stopping(left: 1) == "stopped starting lookups: 11 members in a row got no answer from the site (cannot connect to 127.0.0.1:9); the member left is recorded as failed without a request; run again when the site is back")
        let left = record("12", [MemberError(kind: .network, source: "profile", message: outage.notLookedUp)])
        #expect(left.errors[0].message == "not looked up: the site gave no answer to the 11 members looked up before it (cannot connect to 127.0.0.1:9)")
        #expect(SiteOutage.wasLeft(left))
        #expect(!SiteOutage.wasLeft(record("9", [refused])))
    }

    @Test func anAnswerOfAnyKindStartsTheCountAgain() {
        var outage = SiteOutage()
        let answers = [
            record("ok", []),
            record("missing", [MemberError(kind: .notFound, source: "profile", status: 404, message: "the site answered 404")]),
            record("busy", [MemberError(kind: .http, source: "profile", status: 503, message: "the site answered 503")]),
            record("half", [refused, MemberError(kind: .extraction, source: "articles", field: "views", message: "no match")]),
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
}

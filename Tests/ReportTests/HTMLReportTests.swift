import Foundation
import Lookup
import Packs
@testable import Report
import Testing
import TestSupport

/// The HTML report's shape, in process; what a browser makes of it is ReportBrowserTests.
@Suite struct HTMLReportTests {
    let pack = FixtureRecords.pack
    let made = Date(timeIntervalSince1970: 1_763_800_000)

    @Test func theEmbeddedDataIsTheRecordsAndTheHistoryAndCannotEndItsScript() throws {
        var record = FixtureRecords.record("90210")
        var extracted = record.extracted
        extracted.fields["name"] = .text("</script><script>alert(1)</script>")
        record = MemberRecord(id: record.id, site: record.site, fetchedAt: record.fetchedAt, sources: record.sources, extracted: extracted, errors: [])
        let point = HistorySeries.Point(time: made, lastSeen: made, values: ["reputation.total": .int(18_344)], archived: "profile@20140110093000")
        let html = HTMLReport.render([HTMLReport.Member(record: record, history: [point])], pack: pack, generatedAt: made)
        #expect(!html.contains("<script>alert(1)"))
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"cpvanity-data\">"))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let members = try #require(data["members"] as? [[String: Any]])
        #expect((members.first?["record"] as? [String: Any])?["name"] as? String == "</script><script>alert(1)</script>")
        #expect(((members.first?["history"] as? [[String: Any]])?.first?["archived"]) as? String == "profile@20140110093000")
    }

    @Test func nothingIsFetchedAndEmptyPartsSaySo() {
        let none = MemberRecord(id: "1", site: pack.name, fetchedAt: made, sources: [], extracted: FixtureRecords.record("7315").extracted, errors: [])
        let html = HTMLReport.render([HTMLReport.Member(record: none, history: [])], pack: pack, generatedAt: made)
        // No image, stylesheet, script or font from anywhere: links only.
        #expect(!html.contains(" src="))
        #expect(!html.contains("@import"))
        #expect(!html.contains("url("))
        #expect(html.contains("No history yet"))
        #expect(html.contains("No articles listed."))
        #expect(html.contains("This is the first live lookup in the history."))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        #expect(html.contains("@media print"))
    }
}

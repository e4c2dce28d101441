import Archive
import Extraction
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
        extracted.fields["name"] = FieldReading(.text("</script><script>alert(1)</script>"))
        record = MemberRecord(id: record.id, site: record.site, fetchedAt: record.fetchedAt, sources: record.sources.map { ($0.name, $0.url) }, extracted: extracted, errors: [])
        let point = HistorySeries.Point(time: made, lastSeen: made, values: ["reputation.total": .int(18_344)], archived: ["profile": try #require(ArchiveTimestamp("20140110093000"))])
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

    /// A pack with no `[stats]` and no labels gets every section its report keys name,
    /// in its own words, and no statistics it never declared.
    @Test func aPackWithoutStatisticsOrLabelsGetsAFullReport() throws {
        let old = try PackLoader().load(toml: """
            [site]
            name = "oldforum"
            base_url = "https://forum.example"
            id = '[0-9]+'
            [sources.list]
            url = '{base}/u/{id}'
            [fields.name]
            source = "list"
            pattern = '<h1>(.*?)</h1>'
            [fields."score.total"]
            source = "list"
            type = "int"
            pattern = 'Total: (\\d+)'
            [collections.threads]
            source = "list"
            row = '<li>(.*?)</li>'
            [collections.threads.fields.subject]
            pattern = '<a[^>]*>(.*?)</a>'
            [collections.threads.fields.href]
            type = "url"
            pattern = '<a href="([^"]+)"'
            [collections.threads.fields.hits]
            type = "int"
            pattern = 'hits=(\\d+)'
            [collections.threads.fields.started]
            type = "date"
            pattern = 'on ([\\d-]+)'
            [report]
            name = "name"
            summary = ["score.total"]
            collection = "threads"
            columns = ["subject", "hits", "started"]
            title = "subject"
            link = "href"
            sort = "hits"
            row_charts = ["hits"]
            per_year = "started"
            """, file: "oldforum.toml")
        #expect(old.report.titleField == "subject" && old.report.linkField == "href" && old.report.sortField == "hits")
        #expect(old.report.rowCharts == ["hits"] && old.report.perYear == "started" && old.report.headline == "score.total")
        let page = "<h1>Old Timer</h1> Total: 7 <ul><li><a href=\"/t/1\">First</a> hits=5 on 2009-01-02</li><li><a href=\"/t/2\">Second</a> hits=9 on 2010-03-04</li></ul>"
        let extracted = Extractor(pack: old).extract([Page(source: "list", utf8: Array(page.utf8), origin: "u/1")])
        #expect(extracted.stats == nil)
        let record = MemberRecord(id: "1", site: old.name, fetchedAt: made, sources: [("list", "https://forum.example/u/1")], extracted: extracted, errors: [])
        let html = HTMLReport.render([HTMLReport.Member(record: record, history: [])], pack: old, generatedAt: made)
        #expect(html.contains("<h3>score.total over time</h3>"))
        #expect(html.contains("<h3>threads</h3>"))
        #expect(html.contains("<figcaption>hits per threads</figcaption>"))
        #expect(html.contains("<h3>threads per year (started)</h3>"))
        #expect(html.contains("<a href=\"https://forum.example/t/2\">Second</a>"))
        #expect(!html.contains("\"stats\""))
        for word in ["eputation", "rticle", "ategory"] { #expect(!html.contains(word), "the report says '\(word)'") }
    }
}

@testable import Extraction
@testable import Packs
import Testing

/// The summary of how each field fared over a run's members (a batch's table and its
/// `--summary` file): its rows in the pack's order, whichever member finished first.
struct ExtractionSummaryTests {
    let pack: SitePack

    /// A count read from the member's page, or from a second page where the first has none.
    init() throws {
        pack = try testPack("""
        [fields.name]
        source = "page"
        pattern = '<h1>([^<]+)</h1>'

        [fields.count]
        type = "int"
        pattern = [
          { source = "page", pattern = 'count: (\\d+)' },
          { source = "extra", pattern = 'total: (\\d+)' },
        ]
        """, sources: """
        [sources.extra]
        url = '{base}/x?id={id}'
        """)
    }

    func member(_ page: String, extra: String) -> ExtractedRecord {
        Extractor(pack: pack).extract([Page(source: "page", utf8: Array(page.utf8), origin: "page.html"),
                                       Page(source: "extra", utf8: Array(extra.utf8), origin: "extra.html")])
    }

    func rows(_ records: [ExtractedRecord]) -> [String] {
        var summary = ExtractionSummary(pack: pack)
        for record in records { summary.add(record) }
        return summary.entries.map { "\($0.field) \($0.source): \($0.pages) pages, \($0.matched) matched, \($0.missing) missing" }
    }

    @Test func rowsComeInThePacksOrderWhicheverMemberCameFirst() {
        // Ann's count is on her page; Bob's only on the second page.
        let ann = member("<h1>Ann</h1> count: 5", extra: "-")
        let bob = member("<h1>Bob</h1>", extra: "total: 7")
        #expect(ann.fields["count"]?.value == .int(5))
        #expect(bob.fields["count"]?.value == .int(7))
        // A field read from several sources: a row each, in the pack's order of sources (by name).
        let expected = ["name page: 2 pages, 2 matched, 0 missing",
                        "count extra: 1 pages, 1 matched, 0 missing",
                        "count page: 1 pages, 1 matched, 0 missing"]
        #expect(rows([ann, bob]) == expected)
        #expect(rows([bob, ann]) == expected)
        // Counted where the member before had the field, or where it was first met.
        #expect(rows([ann, bob, ann, ann]) == ["name page: 4 pages, 4 matched, 0 missing",
                                               "count extra: 1 pages, 1 matched, 0 missing",
                                               "count page: 3 pages, 3 matched, 0 missing"])
    }
}

@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// Missing is not zero, in statistics: a figure over rows where one value could not be
/// read is unknown, and so is a list whose section is not on the page.
@Suite struct UnknownStatisticsTests {
    static func pack(saysNone: Bool = false) throws -> SitePack {
        try testPack("""
            [fields.name]
            source = "page"
            pattern = '<h1>(.*?)</h1>'
            [collections.sites]
            source = "page"
            \(saysNone ? "absent = ['No communities yet', '<ul class=\"sites\">\\s*</ul>']" : "")
            within = '<ul class="sites">(.*?)</ul>'
            row = '<li>(.*?)</li>'
            [collections.sites.fields.site]
            pattern = 's=(\\w+)'
            [collections.sites.fields.reputation]
            type = "int"
            present = 'r='
            pattern = 'r=(\\S+)'

            [stats.communities]
            op = "count"
            of = "sites"
            [stats.total]
            op = "sum"
            of = "sites.reputation"
            default = 0
            [stats.best]
            op = "max"
            of = "sites.reputation"
            [stats.top_site]
            op = "top"
            of = "sites.site"
            by = "sites.reputation"
            """)
    }

    /// Three of six communities show a rounded "99.5k" an `int` cannot hold: the sum is
    /// not 229 + 139 + 122 = 490, it is unknown, and a problem names the rows.
    @Test func aSumOverARowThatCouldNotBeReadIsUnknown() throws {
        let page = """
            <h1>Makoto</h1><ul class="sites"><li>s=so r=99.5k</li><li>s=meta r=45.6k</li><li>s=anime r=6.5k</li>
            <li>s=su r=229</li><li>s=au r=139</li><li>s=ul r=122</li></ul>
            """
        let record = extract(page, with: try Self.pack())
        #expect(record.stats?["total"] == .value(FieldReading(.null)))
        #expect(record.stats?["best"] == .value(FieldReading(.null)))
        #expect(record.stats?["top_site"] == .value(FieldReading(.null)))
        // How many rows there are is known: the count of rows is still read.
        #expect(record.stats?["communities"] == .value(FieldReading(.int(6))))
        let problem = try #require(record.problems.first { $0.field?.description == "stats.total" })
        #expect(problem.message == "unknown: reputation of sites[0], sites[1], sites[2] could not be read, and a figure over the other rows would not be the page's")
        #expect(problem.source == "page")
        #expect(record.problems.contains { $0.field?.description == "sites[0].reputation" })
    }

    @Test func whereEveryRowReadsTheFiguresAreTheRows() throws {
        let page = #"<h1>M</h1><ul class="sites"><li>s=su r=229</li><li>s=au r=139</li><li>s=ul r=122</li></ul>"#
        let record = extract(page, with: try Self.pack())
        #expect(record.problems.isEmpty)
        #expect(record.stats?["total"] == .value(FieldReading(.int(490))))
        #expect(record.stats?["best"] == .value(FieldReading(.int(229))))
        #expect(record.stats?["top_site"] == .value(FieldReading(.text("su"))))
    }

    /// The section loaded later by a browser, or gone in a redesign: not an empty list.
    @Test func aListWhoseSectionIsAbsentIsUnknownNotEmpty() throws {
        let page = "<h1>Makoto</h1><p>Loading communities…</p>"
        let record = extract(page, with: try Self.pack())
        #expect(record.collections["sites"] == nil)
        #expect(record.stats?["total"] == .value(FieldReading(.null)))
        #expect(record.stats?["communities"] == .value(FieldReading(.null)))
        let problem = try #require(record.problems.first { $0.field?.description == "sites" })
        #expect(problem.message == "the list's section is not on the page (within '<ul class=\"sites\">(.*?)</ul>' found nothing) and the pack gives no sign of an empty list (absent), so the list is unknown, not empty")
        // An empty section says nothing by itself (its rows may be of another markup): unknown too.
        let empty = extract(#"<h1>M</h1><ul class="sites"></ul>"#, with: try Self.pack())
        #expect(empty.collections["sites"] == nil)
        #expect(empty.stats?["total"] == .value(FieldReading(.null)))
        #expect(empty.problems.map(\.field?.description) == ["sites"])
    }

    /// Where the page says the list has none (its words, an empty section), the list is
    /// empty, and a sum over it is the pack's default.
    @Test func aListThePageSaysIsEmpty() throws {
        for page in ["<h1>Makoto</h1><p>No communities yet</p>", #"<h1>M</h1><ul class="sites"> </ul>"#] {
            let record = extract(page, with: try Self.pack(saysNone: true))
            #expect(record.problems.isEmpty, "\(page)")
            #expect(record.collections["sites"]?.isEmpty == true)
            #expect(record.stats?["total"] == .value(FieldReading(.int(0))))
        }
        // Still unknown where it says nothing.
        #expect(extract("<h1>Makoto</h1>", with: try Self.pack(saysNone: true)).collections["sites"] == nil)
    }

    /// Rows that none shows the value in: the figure is not on the page, whatever the
    /// default (member 1842's old list has no bookmarks column: not 0 bookmarks).
    @Test func aSumOverRowsNoneOfWhichShowsTheValueIsUnknown() throws {
        let record = extract(#"<h1>M</h1><ul class="sites"><li>s=su</li><li>s=au</li></ul>"#, with: try Self.pack())
        #expect(record.stats?["communities"] == .value(FieldReading(.int(2))))
        #expect(record.stats?["total"] == .value(FieldReading(.null)))
        #expect(record.problems.first { $0.field?.description == "stats.total" }?.message
                == "unknown: no row shows reputation (2 rows read), and a figure over none of them would not be the page's")
    }
}

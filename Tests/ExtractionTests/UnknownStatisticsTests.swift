@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// Missing is not zero, in statistics: a figure over rows where one value could not be
/// read is unknown, and so is a list whose section is not on the page.
@Suite struct UnknownStatisticsTests {
    static func pack(optionalList: Bool = false) throws -> SitePack {
        try testPack("""
            [fields.name]
            source = "page"
            pattern = '<h1>(.*?)</h1>'
            [collections.sites]
            source = "page"
            \(optionalList ? "optional = true" : "")
            within = '<ul class="sites">(.*?)</ul>'
            row = '<li>(.*?)</li>'
            [collections.sites.fields.site]
            pattern = 's=(\\w+)'
            [collections.sites.fields.reputation]
            type = "int"
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
        #expect(record.stats?["total"] == .value(.null))
        #expect(record.stats?["best"] == .value(.null))
        #expect(record.stats?["top_site"] == .value(.null))
        // How many rows there are is known: the count of rows is still read.
        #expect(record.stats?["communities"] == .value(.int(6)))
        let problem = try #require(record.problems.first { $0.field == "stats.total" })
        #expect(problem.message == "unknown: reputation of sites[0], sites[1], sites[2] could not be read, and a figure over the other rows would not be the page's")
        #expect(problem.source == "page")
        #expect(record.problems.contains { $0.field == "sites[0].reputation" })
    }

    @Test func whereEveryRowReadsTheFiguresAreTheRows() throws {
        let page = #"<h1>M</h1><ul class="sites"><li>s=su r=229</li><li>s=au r=139</li><li>s=ul r=122</li></ul>"#
        let record = extract(page, with: try Self.pack())
        #expect(record.problems.isEmpty)
        #expect(record.stats?["total"] == .value(.int(490)))
        #expect(record.stats?["best"] == .value(.int(229)))
        #expect(record.stats?["top_site"] == .value(.text("su")))
    }

    /// The section loaded later by a browser, or gone in a redesign: not an empty list.
    @Test func aListWhoseSectionIsAbsentIsUnknownNotEmpty() throws {
        let page = "<h1>Makoto</h1><p>Loading communities…</p>"
        let record = extract(page, with: try Self.pack())
        #expect(record.collections["sites"] == nil)
        #expect(record.stats?["total"] == .value(.null))
        #expect(record.stats?["communities"] == .value(.null))
        let problem = try #require(record.problems.first { $0.field == "sites" })
        #expect(problem.message.hasPrefix("the list's section is not on the page (within '<ul class=\"sites\">(.*?)</ul>' found nothing), so the list is unknown, not empty"))
        // An empty section is an empty list: no rows, a sum of 0 by the pack's default.
        let empty = extract(#"<h1>M</h1><ul class="sites"></ul>"#, with: try Self.pack())
        #expect(empty.collections["sites"]?.isEmpty == true)
        #expect(empty.stats?["total"] == .value(.int(0)))
        #expect(empty.problems.isEmpty)
    }

    @Test func anOptionalListMayBeLeftOut() throws {
        let record = extract("<h1>Makoto</h1>", with: try Self.pack(optionalList: true))
        #expect(record.problems.isEmpty)
        #expect(record.collections["sites"]?.isEmpty == true)
        #expect(record.stats?["total"] == .value(.int(0)))
    }
}

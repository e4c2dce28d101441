@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// A hostile or broken pack costs seconds and a bounded memory, never minutes and
/// gigabytes: a row rule that matches empty text on a 1 MB page is cut at a bound,
/// said once, and every statistic over the cut list is unknown.
@Suite struct HostilePackBoundsTests {
    @Test(arguments: ["row = '(?:)'", "row_start = '(?=)'", "row = '<i>'"])
    func aRowRuleThatMatchesEverywhereIsCutAndSaidOnce(_ rule: String) throws {
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            \(rule)

            [collections.rows.fields.n]
            type = "int"
            pattern = '(\\d+)'

            [stats.total]
            op = "sum"
            of = "rows.n"
            """)
        let page = String(repeating: "<i>7</i>", count: 131_072)
        let record = extract(page, with: pack)
        let rows = try #require(record.collections["rows"])
        #expect(rows.count == ExtractionRun.mostRows)
        let cut = record.problems.filter { $0.message.hasPrefix("more than 10,000 rows on one page") }
        #expect(cut.count == 1, "\(record.problems.prefix(3))")
        #expect(record.stats?["total"] == .value(FieldReading(.null)))
    }

    /// Every row's field unread on a long list: the first thousand problems, then one
    /// line for the rest.
    @Test func aRecordsProblemsAreBounded() throws {
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row = '<i>(.*?)</i>'

            [collections.rows.fields.n]
            type = "int"
            pattern = 'n=(\\d+)'
            """)
        let record = extract(String(repeating: "<i>x</i>", count: 5_000), with: pack)
        #expect(record.collections["rows"]?.count == 5_000)
        #expect(record.problems.count == Extractor.mostProblems + 1)
        #expect(record.problems.last?.message == "and 4000 more problems like these, not listed")
    }
}

import Foundation
import Lookup
@testable import Report
import Packs
import Testing
import TestSupport

/// Every format rendered from the fixture records, compared byte for byte with
/// Fixtures/golden. After a deliberate change, regenerate with
/// `UPDATE_GOLDEN=1 swift test --filter FormatGoldenTests` and read the diff.
@Suite struct FormatGoldenTests {
    static let cases: [(file: String, format: String, options: ReportOptions)] = [
        ("members.json", "json", ReportOptions()),
        ("members.ndjson", "ndjson", ReportOptions()),
        ("members.csv", "csv", ReportOptions()),
        ("articles.csv", "csv", ReportOptions(rows: true)),
        ("members.md", "markdown", ReportOptions()),
        ("articles.md", "markdown", ReportOptions(sort: "rating", limit: 5, rows: true)),
        ("members.txt", "table", ReportOptions(sort: "views", limit: 10, width: 100)),
        ("articles-by-title.txt", "table", ReportOptions(sort: "title", rows: true, width: 72)),
    ]

    @Test(arguments: cases.map(\.file))
    func matchesGolden(_ file: String) throws {
        let spec = try #require(Self.cases.first { $0.file == file })
        let rendered = try Formats.named(spec.format).text(FixtureRecords.all, pack: FixtureRecords.pack, options: spec.options)
        let path = repositoryRoot.appendingPathComponent("Fixtures/golden/\(file)")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try rendered.write(to: path, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: path, encoding: .utf8)
        #expect(rendered == golden, "\(file) differs from Fixtures/golden/\(file)")
    }

    @Test func noColourUnlessAsked() throws {
        let plain = try Formats.table.text([FixtureRecords.record("7315")], pack: FixtureRecords.pack, options: ReportOptions())
        #expect(!plain.contains("\u{1B}["))
        let coloured = try Formats.table.text([FixtureRecords.record("7315")], pack: FixtureRecords.pack, options: ReportOptions(color: true))
        #expect(coloured.contains("\u{1B}[1mTomasz Wirth (7315)\u{1B}[0m"))
    }

    /// A count the page showed rounded is shown as the page showed it; JSON keeps the
    /// number and says its step.
    @Test func aRoundedCountIsShownAsThePageShowedIt() throws {
        var record = FixtureRecords.record("7315")
        var extracted = record.extracted
        extracted.fields["reputation.total"] = FieldReading(.int(99_500), step: 100)
        record = MemberRecord(id: record.id, site: record.site, fetchedAt: record.fetchedAt, sources: record.sources.map { ($0.name, $0.url) }, extracted: extracted, errors: [])
        let table = try Formats.table.text([record], pack: FixtureRecords.pack, options: ReportOptions())
        #expect(table.contains("Reputation ≈ 99.5k"), "\(table)")
        let json = try Formats.json.text([record], pack: FixtureRecords.pack, options: ReportOptions())
        #expect(json.contains(#""total": 99500"#))
        #expect(json.contains("\"rounded\": {\n      \"reputation.total\": 100\n    }"), "\(json)")
    }

    @Test func tablesFitTheWidth() throws {
        for width in [60, 80, 100, 200] {
            let text = try Formats.table.text([FixtureRecords.record("48201")], pack: FixtureRecords.pack, options: ReportOptions(width: width))
            // An address is never cut (a cut one cannot be followed): the terminal wraps it.
            let lines = text.split(separator: "\n")
            #expect(lines.contains("Photo https://www.codeproject.com/script/Membership/ProfileImages/%7B48201%7D/photo.jpg"))
            let widest = lines.filter { !$0.contains("://") }.map { DisplayText.width(String($0)) }.max() ?? 0
            #expect(widest <= width, "width \(width): a line is \(widest) wide")
            let columns = text.split(separator: "\n").first { $0.hasPrefix("  Title") } ?? ""
            // The title keeps a third of the width (its whole, "Cache Heap Shader", here);
            // the pack's narrow_drop columns go first (Updated, Popularity), then the last ones.
            #expect(text.contains("Cache Heap Shader"))
            #expect(columns.contains("Views"))
            #expect(columns.contains("Updated") == (width >= 200))
            #expect(columns.contains("Popularity") == (width >= 200))
            #expect(columns.contains("Downloads") == (width >= 80))
        }
    }
}

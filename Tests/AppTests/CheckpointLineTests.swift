@testable import App
import Archive
import Extraction
import Foundation
import Lookup
import Testing
import TestSupport

/// A checkpoint line written by hand is the JSON `Entry`'s own coding gives: Foundation
/// reads it back as the same record, whatever the record holds.
@Suite struct CheckpointLineTests {
    /// The fixture members (statistics, rows, problems, a failure), and one with all a
    /// lookup adds (changes, captures, a previous lookup, a trend, warnings, rounded
    /// values) and text that needs escaping.
    static var records: [MemberRecord] {
        let base = FixtureRecords.record("90210")
        var extracted = base.extracted
        extracted.fields["name"] = .text("Zoë \"Q\" \\ back\u{1}\u{1F}\n\ttab\r ✓ 日本 \u{2028}")
        extracted.rounded = ["followers": 100, "articles[0].views": 1_000]
        // Every shape a statistic takes: a value, null, a top row, no top row, a saturated sum.
        var stats = extracted.stats ?? Statistics()
        stats.values["views"] = .value(.int(Int.max))
        stats.values["unknown"] = .value(.null)
        stats.values["top"] = .row(["title": .text("A \"top\" one"), "views": .int(5)])
        stats.values["none"] = .row(nil)
        stats.saturated = ["views"]
        extracted.stats = stats
        var rich = MemberRecord(id: base.id, site: base.site, fetchedAt: Date(timeIntervalSince1970: 1_763_800_000.125),
                                sources: base.sources, extracted: extracted, errors: base.errors)
        rich.changes = ["reputation.total": FieldChange(from: .int(250_000), to: .int(250_310), seenAt: FixtureRecords.fetchedAt)]
        if let timestamp = ArchiveTimestamp("20140110093000") {
            rich.captures = ["profile": Capture(timestamp: timestamp, original: "https://x/1?a=\"b\"", status: 200)]
        }
        rich.previousLookup = Date(timeIntervalSince1970: 1_700_000_000.25)
        rich.trend = [.int(-3), .decimal(Decimal(string: "4.66") ?? 0), .null]
        rich.warnings = ["a\rb", "cut at 10 pages"]
        return FixtureRecords.all + [rich]
    }

    @Test(arguments: records.indices)
    func isTheJSONOfItsCoding(index: Int) throws {
        let entry = ExportJournal.Entry(Self.records[index])
        let line = try CheckpointLine.bytes(entry)
        #expect(!line.contains(0x0A), "one line")
        let ours = try JSONSerialization.jsonObject(with: Data(line)) as? NSDictionary
        let foundations = try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? NSDictionary
        #expect(ours != nil && ours == foundations)
        let back = try JSONDecoder().decode(ExportJournal.Entry.self, from: Data(line))
        #expect(back.id == entry.id && back.failed == entry.failed)
        #expect(back.record.extracted == entry.record.extracted)
        #expect(back.record.errors == entry.record.errors)
        #expect(back.record.changes == entry.record.changes)
        #expect(back.record.captures == entry.record.captures)
        #expect(back.record.trend == entry.record.trend)
        #expect(back.record.warnings == entry.record.warnings)
        #expect(back.record.previousLookup == entry.record.previousLookup)
        #expect(back.record.fetchedAt == entry.record.fetchedAt)
    }
}

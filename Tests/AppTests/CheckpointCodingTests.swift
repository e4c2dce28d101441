@testable import App
import Archive
import Extraction
import Foundation
import Lookup
import Packs
import Testing
import TestSupport

/// A checkpoint's line is the entry's own `Codable` coding, on one line: read back, it
/// is the same record, whatever the record holds. The coding names each value's kind,
/// keeps a rounded value's step beside it, and a place as its parts.
@Suite struct CheckpointCodingTests {
    /// The fixture members (statistics, rows, problems, a failure), and one with all a
    /// lookup adds (changes, captures, a previous lookup, a trend, warnings, rounded
    /// values) and text that needs escaping.
    static var records: [MemberRecord] {
        let base = FixtureRecords.record("90210")
        var extracted = base.extracted
        extracted.fields["name"] = FieldReading(.text("Zoë \"Q\" \\ back\u{1}\u{1F}\n\ttab\r ✓ 日本 \u{2028}"))
        extracted.fields["followers"] = FieldReading(.int(12_400), step: 100)
        extracted.collections["articles"]?[0][reading: "views"] = FieldReading(.int(2_000), step: 1_000)
        // Every shape a statistic takes: a value, null, a top row, no top row, a saturated sum.
        var stats = extracted.stats ?? Statistics()
        stats.values["views"] = .value(FieldReading(.int(Int.max)))
        stats.values["unknown"] = .value(FieldReading(.null))
        stats.values["rounded"] = .value(FieldReading(.int(3_000), step: 1_000))
        stats.values["top"] = .row(["title": .text("A \"top\" one"), "views": .int(5)])
        stats.values["none"] = .row(nil)
        stats.saturated = ["views"]
        extracted.stats = stats
        var rich = MemberRecord(id: base.id, site: base.site, fetchedAt: Date(timeIntervalSince1970: 1_763_800_000.125),
                                sources: base.sources.map { ($0.name, $0.url) }, extracted: extracted, errors: base.errors)
        rich.changes = [.field("reputation.total"): FieldChange(from: .int(250_000), to: .int(250_310), seenAt: FixtureRecords.fetchedAt),
                        .cell(list: "articles", row: .key("/a?b=\"c\""), field: "views"): FieldChange(from: .int(1), to: .int(2), seenAt: FixtureRecords.fetchedAt)]
        if let timestamp = ArchiveTimestamp("20140110093000") {
            rich.captures = ["profile": Capture(timestamp: timestamp, original: "https://x/1?a=\"b\"", status: 200)]
        }
        rich.previousLookup = Date(timeIntervalSince1970: 1_700_000_000.25)
        rich.trend = [.int(-3), .decimal(Decimal(string: "4.66") ?? 0), .null]
        rich.warnings = ["a\rb", "cut at 10 pages"]
        return FixtureRecords.all + [rich]
    }

    @Test(arguments: records.indices)
    func readsBackAsTheSameRecord(index: Int) throws {
        let entry = ExportJournal.Entry(Self.records[index])
        let line = try ExportJournal.line(entry, path: "checkpoint")
        #expect(!line.contains(0x0A), "one line")
        // The JSON Foundation's coder writes for the entry, whatever the keys' order.
        let foundations = try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? NSDictionary
        let ours = try JSONSerialization.jsonObject(with: Data(line)) as? NSDictionary
        #expect(foundations != nil && ours == foundations)
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
        // A list's rows keep their fields' order, and share one list of names.
        for (name, rows) in entry.record.extracted.collections {
            #expect(back.record.extracted.collections[name]?.map(\.keys) == rows.map(\.keys))
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aValueNamesItsKind() throws {
        let day = try #require(CalendarDate(year: 2012, month: 3, day: 12))
        #expect(try Self.json([FieldValue.int(5), .null, .decimal(Decimal(string: "4.66") ?? 0), .date(day), .text("Maren")])
            == #"[["int","5"],null,["decimal","4.66"],["date","2012-03-12"],["text","Maren"]]"#)
        let back = try JSONDecoder().decode([FieldValue].self, from: Data(#"[["decimal","4.660"],["date","2012-03-12"],null]"#.utf8))
        #expect(back == [.decimal(Decimal(string: "4.66") ?? 0), .date(day), .null])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FieldValue.self, from: Data(#"["decimal","4.6x"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FieldValue.self, from: Data(#"["colour","red"]"#.utf8)) }
    }

    /// A place is coded as its parts and read back whole; its text is what people see.
    @Test func aPlaceIsItsParts() throws {
        let places: [FieldPath] = [.field("reputation.total"), .cell(list: "articles", row: .index(3), field: "views"),
                                   .cell(list: "articles", row: .key("/a]b"), field: "views"), .cell(list: "articles", row: .every, field: "views"),
                                   .stat("total_views"), .stat("top_article", part: "title"), .list("articles"), .rows("articles")]
        #expect(places.map(\.description) == ["reputation.total", "articles[3].views", "articles[/a]b].views", "articles[].views",
                                              "stats.total_views", "stats.top_article.title", "articles", "articles[]"])
        #expect(try Self.json(places[2]) == #"{"cell":{"field":"views","list":"articles","row":{"key":{"_0":"/a]b"}}}}"#)
        #expect(try JSONDecoder().decode([FieldPath].self, from: JSONEncoder().encode(places)) == places)
    }
}

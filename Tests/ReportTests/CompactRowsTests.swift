import Extraction
import Foundation
import Lookup
import Packs
@testable import Report
import Testing
import TestSupport

/// NDJSON writes a record's lists straight from their rows: the same bytes the record's
/// tree writes compact, whatever the rows hold.
@Suite struct CompactRowsTests {
    static var records: [MemberRecord] {
        func with(_ base: MemberRecord, articles: [ExtractedRecord.Row]) -> MemberRecord {
            var extracted = base.extracted
            extracted.collections["articles"] = articles
            return MemberRecord(id: base.id, site: base.site, fetchedAt: base.fetchedAt, sources: base.sources.map { ($0.name, $0.url) }, extracted: extracted, errors: base.errors)
        }
        let base = FixtureRecords.record("48201")
        var rows = base.extracted.collections["articles"] ?? []
        if !rows.isEmpty {
            rows[0]["title"] = .text("Zoë \"Q\" \\ \u{1}\n\t ✓ 日本 \u{2028} \u{202E}")
            rows[0]["rating"] = .null
            rows[0]["views"] = .int(Int.min)
            rows[0]["popularity"] = .decimal(Decimal(sign: .minus, exponent: -4, significand: 12_300))
        }
        return FixtureRecords.all + [with(base, articles: rows), with(FixtureRecords.record("7315"), articles: [])]
    }

    @Test(arguments: records.indices)
    func areTheBytesTheTreeWrites(index: Int) {
        let record = Self.records[index]
        let pack = FixtureRecords.pack
        let built = RecordJSON.value(record, pack: pack, fields: nil).serialized(pretty: false)
        let written = RecordJSON.value(record, pack: pack, fields: nil, compact: true).serialized(pretty: false)
        #expect(written == built)
        // The rows did take the straight path (an empty list is the tree's `[]`).
        guard let rows = record.extracted.collections["articles"], !rows.isEmpty else { return }
        guard case .object(let members) = RecordJSON.value(record, pack: pack, fields: nil, compact: true),
              case .written? = members.first(where: { $0.0 == "articles" })?.1 else {
            Issue.record("the articles were built, not written")
            return
        }
    }

    /// A selection is made from the tree, compact or not.
    /// Written rows are a value like the others: equal to the same bytes, not to others.
    @Test func writtenRowsCompareByTheirBytes() {
        #expect(JSONValue.written(Array("[1]".utf8)) == .written(Array("[1]".utf8)))
        #expect(JSONValue.written(Array("[1]".utf8)) != .written(Array("[2]".utf8)))
        #expect(JSONValue.written(Array("[]".utf8)) != .array([]))
    }

    @Test func aSelectionIsTheSame() {
        let record = FixtureRecords.record("48201")
        let fields = ["id", "articles"]
        #expect(RecordJSON.value(record, pack: FixtureRecords.pack, fields: fields, compact: true)
            == RecordJSON.value(record, pack: FixtureRecords.pack, fields: fields))
    }
}

import Archive
import Extraction
import Foundation
import Lookup
import Packs
import Testing
import TestSupport

/// A record written and read back (what a checkpoint does) is the same record.
@Suite struct RecordCodingTests {
    func roundTrip(_ record: MemberRecord) throws -> MemberRecord {
        try JSONDecoder().decode(MemberRecord.self, from: JSONEncoder().encode(record))
    }

    @Test func everyFixtureRecordComesBackTheSame() throws {
        for record in FixtureRecords.all {
            let back = try roundTrip(record)
            #expect(back.id == record.id)
            #expect(back.fetchedAt == record.fetchedAt)
            #expect(back.sources.map(\.name) == record.sources.map(\.name))
            #expect(back.sources.map(\.url) == record.sources.map(\.url))
            #expect(back.extracted == record.extracted)
            #expect(back.errors == record.errors)
        }
    }

    @Test func valuesKeepTheirTypesAndWhatALookupAddsIsKept() throws {
        var record = FixtureRecords.record("48201")
        record.changes = ["reputation.total": FieldChange(from: .int(250_000), to: .int(250_310), seenAt: FixtureRecords.fetchedAt)]
        record.captures = ["profile": Capture(timestamp: try #require(ArchiveTimestamp("20140110093000")), original: "https://x/1", status: 200)]
        record.trend = [.int(1), .null, .decimal(Decimal(string: "4.66") ?? 0)]
        record.previousLookup = Date(timeIntervalSince1970: 1_700_000_000.25)
        let back = try roundTrip(record)
        #expect(back.changes == record.changes)
        #expect(back.captures == record.captures)
        #expect(back.trend == record.trend)
        #expect(back.previousLookup == record.previousLookup)
        // One tagged string a value.
        let values: [FieldValue] = [.decimal(Decimal(string: "4.66") ?? 0), .int(-12), .text("4.66"), .text(""), .null,
                                    .date(try #require(CalendarDate(year: 2012, month: 3, day: 12))), .decimal(Decimal(string: "-0.5") ?? 0)]
        let text = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        #expect(text == #"["d4.66","i-12","t4.66","t",null,"D2012-03-12","d-0.5"]"#)
        #expect(try JSONDecoder().decode([FieldValue].self, from: Data(text.utf8)) == values)
    }

    /// A row is one list of names and values in turn, in the pack's order.
    @Test func aRowIsItsNamesAndValuesInTurn() throws {
        let row: ExtractedRecord.Row = ["title": .text("Cache Heap Shader"), "views": .int(2_345_678), "rating": .null,
                                        "popularity": .decimal(Decimal(string: "15.64") ?? 0)]
        let text = String(decoding: try JSONEncoder().encode(row), as: UTF8.self)
        #expect(text == #"["title","tCache Heap Shader","views","i2345678","rating",null,"popularity","d15.64"]"#)
        let back = try JSONDecoder().decode(ExtractedRecord.Row.self, from: Data(text.utf8))
        #expect(back == row && back.keys == row.keys)
        for damaged in [#"["views","x5"]"#, #"["views"]"#, #"["views",5]"#, #"[{"name":"views","value":{"int":5}}]"#] {
            #expect(throws: DecodingError.self, "\(damaged)") { try JSONDecoder().decode(ExtractedRecord.Row.self, from: Data(damaged.utf8)) }
        }
    }

    @Test func aDamagedValueIsRefusedNotGuessed() {
        for text in [#""D2012-02-30""#, #""i1x""#, #""i99999999999999999999""#, #""d4.6x""#, #""d""#, #""""#, #""x5""#, "5", #"{"int":1}"#] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(FieldValue.self, from: Data(text.utf8)) }
        }
    }
}

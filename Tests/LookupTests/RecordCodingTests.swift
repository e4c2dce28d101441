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

    /// A row is one string: every name and value comes back, whatever it holds
    /// (colons, digits, the null mark, other scripts, control characters).
    @Test func aRowIsOneStringThatHoldsAnything() throws {
        let row: ExtractedRecord.Row = ["title": .text("12:30 ~ 5:x 日本語 \u{1}\n\"q\""), "views": .int(-12), "rating": .null,
                                        "": .text(""), "posted": .date(try #require(CalendarDate(year: 2012, month: 3, day: 12))),
                                        "popularity": .decimal(Decimal(string: "4.66") ?? 0)]
        let coded = try JSONEncoder().encode([row])
        #expect(try JSONSerialization.jsonObject(with: coded) as? [String] != nil, "one string a row")
        let back = try JSONDecoder().decode([ExtractedRecord.Row].self, from: coded)
        #expect(back == [row])
        #expect(back.first?.keys == row.keys)
        for broken in ["5:views", "x:views2:i5", "5:views9:i5", "5:views2:q5", "99999999999:a"] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode([ExtractedRecord.Row].self, from: Data("[\"\(broken)\"]".utf8)) }
        }
    }

    /// Counts are written digit by digit: every size of one comes back as it went.
    @Test func everyCountPacksAsItsOwnDigits() throws {
        for number in [0, 7, 9, 10, 99, 100, 12_345, 999_999_999, 1_000_000_000_000, Int.max, -1, Int.min] {
            let row: ExtractedRecord.Row = ["n": .int(number)]
            #expect(row.packed == "1:n\(String(number).utf8.count + 1):i\(number)")
            let back = try JSONDecoder().decode(ExtractedRecord.Row.self, from: JSONEncoder().encode(row))
            #expect(back == row)
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

    /// A row is one string of its names and values in turn, in the pack's order, each
    /// after its length (a null as `~`).
    @Test func aRowIsItsNamesAndValuesInTurn() throws {
        let row: ExtractedRecord.Row = ["title": .text("Cache Heap Shader"), "views": .int(2_345_678), "rating": .null,
                                        "popularity": .decimal(Decimal(string: "15.64") ?? 0)]
        let text = String(decoding: try JSONEncoder().encode(row), as: UTF8.self)
        #expect(text == #""5:title18:tCache Heap Shader5:views8:i23456786:rating~10:popularity6:d15.64""#)
        let back = try JSONDecoder().decode(ExtractedRecord.Row.self, from: Data(text.utf8))
        #expect(back == row && back.keys == row.keys)
        for damaged in [#""5:views2:x5""#, #""5:views""#, #"["views",5]"#, #"[{"name":"views","value":{"int":5}}]"#] {
            #expect(throws: DecodingError.self, "\(damaged)") { try JSONDecoder().decode(ExtractedRecord.Row.self, from: Data(damaged.utf8)) }
        }
    }

    @Test func aDamagedValueIsRefusedNotGuessed() {
        for text in [#""D2012-02-30""#, #""i1x""#, #""i99999999999999999999""#, #""d4.6x""#, #""d""#, #""""#, #""x5""#, "5", #"{"int":1}"#] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(FieldValue.self, from: Data(text.utf8)) }
        }
    }
}

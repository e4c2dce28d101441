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
        let text = String(decoding: try JSONEncoder().encode(FieldValue.decimal(Decimal(string: "4.66") ?? 0)), as: UTF8.self)
        #expect(text == #"{"decimal":4.66}"#)
        #expect(try JSONDecoder().decode(FieldValue.self, from: Data(#"{"date":"2012-03-12"}"#.utf8)) == .date(try #require(CalendarDate(year: 2012, month: 3, day: 12))))
    }

    @Test func aDamagedValueIsRefusedNotGuessed() {
        for text in [#"{"date":"2012-02-30"}"#, #"{"int":1,"text":"x"}"#, #"{"int":1e400}"#, #"{"colour":"red"}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(FieldValue.self, from: Data(text.utf8)) }
        }
    }
}

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

    /// A row codes its names and its readings: every name and value comes back, in
    /// its order, whatever it holds (colons, digits, other scripts, control characters).
    @Test func aRowComesBackWhateverItHolds() throws {
        let row: ExtractedRecord.Row = ["title": .text("12:30 ~ 5:x 日本語 \u{1}\n\"q\""), "views": .int(-12), "rating": .null,
                                        "": .text(""), "posted": .date(try #require(CalendarDate(year: 2012, month: 3, day: 12))),
                                        "popularity": .decimal(Decimal(string: "4.66") ?? 0)]
        let back = try JSONDecoder().decode([ExtractedRecord.Row].self, from: JSONEncoder().encode([row]))
        #expect(back == [row])
        #expect(back.first?.keys == row.keys)
        for number in [0, 7, 10, 999_999_999, Int.max, -1, Int.min] {
            let one: ExtractedRecord.Row = ["n": .int(number)]
            #expect(try JSONDecoder().decode(ExtractedRecord.Row.self, from: JSONEncoder().encode(one)) == one)
        }
    }

    @Test func valuesKeepTheirTypesAndWhatALookupAddsIsKept() throws {
        var record = FixtureRecords.record("48201")
        record.changes = [.field("reputation.total"): FieldChange(from: .int(250_000), to: .int(250_310), seenAt: FixtureRecords.fetchedAt)]
        record.captures = ["profile": Capture(timestamp: try #require(ArchiveTimestamp("20140110093000")), original: "https://x/1", status: 200)]
        record.trend = [.int(1), .null, .decimal(Decimal(string: "4.66") ?? 0)]
        record.previousLookup = Date(timeIntervalSince1970: 1_700_000_000.25)
        let back = try roundTrip(record)
        #expect(back.changes == record.changes)
        #expect(back.captures == record.captures)
        #expect(back.trend == record.trend)
        #expect(back.previousLookup == record.previousLookup)
        // Each value names its kind: a decimal and a text that read alike stay apart.
        let values: [FieldValue] = [.decimal(Decimal(string: "4.66") ?? 0), .int(-12), .text("4.66"), .text(""), .null,
                                    .date(try #require(CalendarDate(year: 2012, month: 3, day: 12))), .decimal(Decimal(string: "-0.5") ?? 0)]
        let text = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        #expect(text == #"[["decimal","4.66"],["int","-12"],["text","4.66"],["text",""],null,["date","2012-03-12"],["decimal","-0.5"]]"#)
        #expect(try JSONDecoder().decode([FieldValue].self, from: Data(text.utf8)) == values)
    }

    /// A row is coded as a list's rows are: a table of one row, its names and kinds once.
    @Test func aRowIsATableOfOneRow() throws {
        var row: ExtractedRecord.Row = ["title": .text("Cache Heap Shader"), "views": .int(2_345_678), "rating": .null]
        row[reading: "views"] = FieldReading(.int(2_345_678), step: 1_000)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(row), as: UTF8.self)
        #expect(text == #"{"columns":[["Cache Heap Shader"],[2345678],[null]],"fields":["title","views","rating"],"kinds":["text","int","null"],"steps":[[0,1,1000]]}"#)
        let back = try JSONDecoder().decode(ExtractedRecord.Row.self, from: Data(text.utf8))
        #expect(back == row && back.keys == row.keys)
        #expect(back[reading: "views"]?.step == 1_000)
        for damaged in [#"{"fields":["views"],"kinds":["int"],"columns":[[]]}"#, #"{"fields":["views"],"kinds":["int"],"columns":[[5,6]]}"#,
                        #"{"fields":["views"]}"#, #""5:views2:i5""#, #"{"fields":["views"],"readings":[["int","5"]]}"#] {
            #expect(throws: DecodingError.self, "\(damaged)") { try JSONDecoder().decode(ExtractedRecord.Row.self, from: Data(damaged.utf8)) }
        }
    }

    @Test func aDamagedValueIsRefusedNotGuessed() {
        for text in [#"["date","2012-02-30"]"#, #"["int","1x"]"#, #"["int","99999999999999999999"]"#, #"["decimal","4.6x"]"#, #"["decimal",""]"#,
                     #"["decimal","4.4.2"]"#, #"["decimal","-"]"#, #"["decimal","1e5e5"]"#, #"["decimal","--3"]"#, #"["decimal"," 4"]"#,
                     #"[]"#, #"["int"]"#, #"["int","5","6"]"#, #"{"int":5}"#, #""i5""#, "5", #"["colour","1"]"#] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(FieldValue.self, from: Data(text.utf8)) }
        }
    }

    /// A record's lists are tables: names and kinds once, values as JSON's own a column at a time, steps apart.
    @Test func aListIsCodedAsATable() throws {
        var record = ExtractedRecord()
        let day = try #require(CalendarDate(year: 2012, month: 3, day: 12))
        var first: ExtractedRecord.Row = ["title": .text("A"), "views": .int(12_400), "rating": .decimal(Decimal(string: "4.50") ?? 0), "posted": .date(day)]
        first[reading: "views"] = FieldReading(.int(12_400), step: 100)
        let second: ExtractedRecord.Row = ["title": .text("B"), "views": .null, "rating": .null, "posted": .null]
        record.collections["articles"] = [first, second]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(text.contains(#""articles":{"columns":[["A","B"],[12400,null],["4.5",null],["2012-03-12",null]],"fields":["title","views","rating","posted"],"kinds":["text","int","decimal","date"],"steps":[[0,1,100]]}"#), "\(text)")
        let back = try JSONDecoder().decode(ExtractedRecord.self, from: Data(text.utf8))
        #expect(back == record)
        let kept = back.collections["articles"]?.first
        #expect(kept?[reading: "views"]?.step == 100)
        // A column of values of two kinds names each value's.
        var mixed = ExtractedRecord()
        mixed.collections["a"] = [["x": .int(5)], ["x": .text("5")], ["x": .null]]
        let mixedText = String(decoding: try encoder.encode(mixed), as: UTF8.self)
        #expect(mixedText.contains(#""a":{"columns":[[["int","5"],["text","5"],null]],"fields":["x"],"kinds":["mixed"]}"#), "\(mixedText)")
        #expect(try JSONDecoder().decode(ExtractedRecord.self, from: Data(mixedText.utf8)) == mixed)
        let table = #"{"fields":{"fields":[],"kinds":[],"columns":[]},"collections":{"a":%@},"problems":[],"outcomes":[]}"#
        for damaged in [#"{"fields":["x"],"kinds":["int"],"columns":[["5"]]}"#, #"{"fields":["x"],"kinds":["int","text"],"columns":[]}"#,
                        #"{"fields":["x","y"],"kinds":["int","int"],"columns":[[5,6],[7]]}"#, #"{"fields":["x","y"],"kinds":["int","int"],"columns":[[5],[6,7]]}"#,
                        #"{"fields":["x"],"kinds":["int"],"columns":[[5],[6]]}"#, #"{"fields":["x"],"kinds":["int"],"columns":[]}"#,
                        #"{"fields":["x"],"kinds":["date"],"columns":[["2012-02-30"]]}"#,
                        #"{"fields":["x"],"kinds":["int"],"columns":[[5]],"steps":[[1,0,100]]}"#, #"{"fields":["x"],"kinds":["colour"],"columns":[["red"]]}"#] {
            let json = table.replacingOccurrences(of: "%@", with: damaged)
            #expect(throws: DecodingError.self, "\(damaged)") { try JSONDecoder().decode(ExtractedRecord.self, from: Data(json.utf8)) }
        }
    }
}

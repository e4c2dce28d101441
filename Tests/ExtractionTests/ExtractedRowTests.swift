@testable import Extraction
import Foundation
import Testing

/// A row stores an array against its collection's shared names, but reads like the
/// dictionary it replaced.
@Suite struct ExtractedRowTests {
    @Test func readsLikeADictionary() {
        let row: ExtractedRecord.Row = ["title": .text("A"), "views": .int(3), "rating": .null]
        #expect(row["title"] == .text("A"))
        #expect(row["rating"] == .null)
        #expect(row["missing"] == nil)
        #expect(row.count == 3)
        #expect(row.keys == ["title", "views", "rating"])
        #expect(row.map(\.key) == ["title", "views", "rating"])
        #expect(row.map(\.value) == [.text("A"), .int(3), .null])
        #expect(row.description == #"["title": A, "views": 3, "rating": null]"#)
        let empty: ExtractedRecord.Row = [:]
        #expect(empty.isEmpty)
        #expect(empty.description == "[:]")
    }

    @Test func setsAddsAndRemovesLikeADictionary() {
        var row: ExtractedRecord.Row = ["a": .int(1), "b": .int(2)]
        row["a"] = .int(10)
        row["c"] = .text("new")
        #expect(row == ["a": .int(10), "b": .int(2), "c": .text("new")])
        row["b"] = nil
        row["gone"] = nil
        #expect(row == ["a": .int(10), "c": .text("new")])
        #expect(row.keys == ["a", "c"])
        #expect(row["b"] == nil)
    }

    @Test func equalityIgnoresOrderButNotValues() {
        let row: ExtractedRecord.Row = ["a": .int(1), "b": .text("x")]
        #expect(row == ["b": .text("x"), "a": .int(1)])
        #expect(row != ["a": .int(1), "b": .text("y")])
        #expect(row != ["a": .int(1)])
        #expect(row != ["a": .int(1), "c": .text("x")])
    }

    @Test func rowsOfOneCollectionShareTheirNamesAndKeepThePacksOrder() throws {
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row = '<r>(.*?)</r>'

            [collections.rows.fields.zeta]
            pattern = 'z=(\\w+)'

            [collections.rows.fields.alpha]
            type = "int"
            pattern = 'a=(\\d+)'
            """)
        let rows = try #require(extract("<r>z=q a=1</r><r>a=2</r>", with: pack).collections["rows"])
        #expect(rows.map(\.keys) == [["zeta", "alpha"], ["zeta", "alpha"]])
        #expect(rows[0].names === rows[1].names)
        #expect(rows == [["zeta": .text("q"), "alpha": .int(1)], ["zeta": .null, "alpha": .int(2)]])
    }
}

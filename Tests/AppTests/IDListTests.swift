import App
import Foundation
import Store
import Testing
import TestSupport

/// ID lists, in process: what `batch --ids` reads, and `--shard`.
@Suite struct IDListTests {
    @Test func linesCommentsDuplicatesAndRejectsWithTheirPlace() throws {
        let text = "\u{FEFF}48201\r\n\n  7315  # a comment\r\n# only a comment\nabc\n48201\r0\n90210"
        let list = try IDList(text: text, source: "ids.txt", column: nil, pack: FixtureRecords.pack)
        #expect(list.ids == ["48201", "7315", "90210"])
        #expect(list.rejected.map(\.id) == ["abc", "0"])
        #expect(list.rejected.map(\.place) == ["ids.txt:5", "ids.txt:7"])
        #expect(list.duplicates == 1)
    }

    /// Every ID passes the one check: typed, an address, or tracked in a history file
    /// someone else wrote.
    @Test func oneCheckForEveryID() throws {
        let pack = FixtureRecords.pack
        #expect(IDValidation.split(["48201", "https://www.codeproject.com/script/Membership/View.aspx?mid=7315", "../etc", "0"], pack: pack).ids == ["48201", "7315"])
        #expect(throws: AppError.self) { try IDValidation.ids(["48201", "x"], pack: pack) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-ids-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try HistoryStore(path: path).track(["48201", "../../etc/passwd", "7315"], site: pack.name, label: nil)
        #expect(try HistorySettings(path: path).tracked(pack: pack) == ["48201", "7315"])
    }

    @Test func aCSVColumn() throws {
        let text = "name,member\nAda,48201\n\"Doe, Jane\",7315\nEmpty,\n"
        let list = try IDList(text: text, source: "m.csv", column: "member", pack: FixtureRecords.pack)
        #expect(list.ids == ["48201", "7315"])
        #expect(list.rejected.isEmpty)
    }

    @Test func aMissingColumnNamesTheColumnsThereAre() {
        #expect {
            try IDList(text: "name,member\nAda,1\n", source: "m.csv", column: "id", pack: FixtureRecords.pack)
        } throws: { error in
            (error as? IDListError)?.description == "m.csv has no column 'id'; its columns are name, member"
        }
    }

    @Test func shardsSplitAListIntoDisjointPartsThatFollowTheIDsAlone() throws {
        #expect(Shard(argument: "0/3") == nil)
        #expect(Shard(argument: "4/3") == nil)
        #expect(Shard(argument: "1/10001") == nil)
        #expect(Shard(argument: "1/3/4") == nil)
        let shards = try (1...3).map { try #require(Shard(argument: "\($0)/3")) }
        let ids = (1...300).map(String.init)
        let list = try IDList(text: ids.joined(separator: "\n"), source: "ids", column: nil, pack: FixtureRecords.pack)
        let parts = shards.map { list.sharded($0).ids }
        #expect(parts.map(\.count).reduce(0, +) == 300)
        #expect(Set(parts.joined()) == Set(ids))
        #expect(parts.allSatisfy { $0.count > 60 })
        // The same ID lands in the same part however the list is ordered.
        let reversed = try IDList(text: ids.reversed().joined(separator: "\n"), source: "ids", column: nil, pack: FixtureRecords.pack)
        #expect(Set(reversed.sharded(shards[0]).ids) == Set(parts[0]))
        #expect(LookupRun.unique(["2", "1", "2", "3", "1"]) == ["2", "1", "3"])
    }
}

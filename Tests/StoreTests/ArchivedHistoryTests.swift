import Archive
import Foundation
import GRDB
import Lookup
@testable import Store
import Packs
import Testing
import TestSupport

/// Snapshots read from a web archive: stored at their capture time, once, beside the
/// live ones, and never what a live lookup's changes are measured against.
@Suite struct ArchivedHistoryTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-archived-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func archived(_ profile: String, _ articles: String, total: Int) throws -> MemberRecord {
        var record = FixtureRecords.record("48201")
        var extracted = record.extracted
        extracted.fields["reputation.total"] = FieldReading(.int(total))
        record = MemberRecord(id: record.id, site: record.site, fetchedAt: record.fetchedAt, sources: record.sources.map { ($0.name, $0.url) }, extracted: extracted, errors: [])
        record.captures = [
            "profile": Capture(timestamp: try #require(ArchiveTimestamp(profile)), original: "p"),
            "articles": Capture(timestamp: try #require(ArchiveTimestamp(articles)), original: "a"),
        ]
        return record
    }

    @Test func archivedPointsSitAtTheirCaptureTimeOnceAndApartFromLiveChanges() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: directory.appendingPathComponent("h.sqlite").path)
        let pack = FixtureRecords.pack
        let live = FixtureRecords.record("48201")
        _ = try store.save(live, pack: pack)
        let old = try archived("20140110093000", "20140112101500", total: 250_310)
        #expect(try store.saveArchived(old, pack: pack))
        #expect(try !store.saveArchived(old, pack: pack))
        #expect(try store.saveArchived(try archived("20080315120000", "20080316083000", total: 312), pack: pack))

        let history = try store.history(site: pack.name, member: "48201")
        #expect(history.map { $0.values.fields["reputation.total"] } == [.int(312), .int(250_310), .int(1_204_873)])
        #expect(history.map { $0.archived.map(HistoryStore.captureKey) } == ["articles@20080316083000 profile@20080315120000", "articles@20140112101500 profile@20140110093000", nil])
        // The later capture of the two is when the page showed these values.
        #expect(history[1].firstSeen == ArchiveTimestamp("20140112101500")?.date)

        // The next live lookup is compared with the last live one, not with an archived point.
        let again = try store.save(live, pack: pack)
        #expect(again.changes.isEmpty)
        #expect(!again.newSnapshot)
    }

    @Test func aVersion2HistoryMovesToVersion3KeepingItsSnapshots() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try HistorySchema.migrator.migrate(queue, upTo: "v2")
            try queue.write { db in
                try db.execute(sql: "PRAGMA application_id = \(0x6370_7679)")
                try db.execute(sql: "PRAGMA user_version = 2")
                try db.execute(sql: "INSERT INTO snapshot (site, member, first_seen, last_seen) VALUES ('codeproject', '7', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z')")
            }
            try queue.close()
        }
        let store = try HistoryStore(path: path)
        let history = try store.history(site: "codeproject", member: "7")
        #expect(history.count == 1)
        #expect(history.first?.archived == nil)
    }
}

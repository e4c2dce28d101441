import Extraction
import Foundation
import GRDB
import Lookup
import Packs
@testable import Store
import Synchronization
import Testing
import TestSupport

@Suite struct HistoryStoreTests {
    let directory: URL
    let pack: SitePack

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        pack = try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path)
    }

    func path(_ name: String = "history.sqlite") -> String { directory.appendingPathComponent(name).path }

    func record(_ id: String, at time: Date, edit: (inout ExtractedRecord) -> Void = { _ in }) -> MemberRecord {
        let pages = pack.sources.compactMap { source -> Page? in
            let file = "\(codeprojectFixtures)/\(source.name)-\(id).html"
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            return Page(source: source.name, bytes: [UInt8](data), origin: file)
        }
        var extracted = Extractor(pack: pack).extract(pages)
        edit(&extracted)
        return MemberRecord(id: id, site: pack.name, fetchedAt: time, sources: [], extracted: extracted, errors: [])
    }

    let t0 = Date(timeIntervalSince1970: 1_763_800_000)
    var t1: Date { t0.addingTimeInterval(86_400) }

    @Test func changesSinceThePreviousSnapshot() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        let first = try store.save(record("48201", at: t0), pack: pack)
        #expect(first == HistoryStore.SaveResult(changes: [:], previousLookup: nil, newSnapshot: true))
        let later = record("48201", at: t1) { extracted in
            extracted.fields["reputation.total"] = FieldReading(.int(1_204_908))
            extracted.fields["reputation.level"] = FieldReading(.text("diamond"))
            extracted.collections["articles"]?[0]["views"] = .int(2_346_900)
            extracted.collections["articles"]?[0]["rating"] = .decimal(Decimal(string: "4.93")!)
        }
        let second = try store.save(later, pack: pack)
        #expect(second.previousLookup == t0)
        #expect(second.changes == [
            .field("reputation.total"): FieldChange(previous: .int(1_204_873), seenAt: t0, delta: 35),
            .field("reputation.level"): FieldChange(previous: .text("platinum"), seenAt: t0, delta: nil),
            .cell(list: "articles", row: .key("/Articles/5012773/Cache-Heap-Shader"), field: "views"): FieldChange(previous: .int(2_345_678), seenAt: t0, delta: 1222),
            .cell(list: "articles", row: .key("/Articles/5012773/Cache-Heap-Shader"), field: "rating"): FieldChange(previous: .decimal(Decimal(string: "4.91")!), seenAt: t0,
                                                                                 delta: Decimal(string: "0.02")),
        ])
    }

    /// A value that moves with time alone (`changes = false`: "Member for 13 years") is
    /// kept, but its moves are not reported; a row's field the same.
    @Test func aFieldThatMovesWithTimeIsKeptButNotReported() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("patterns/codeproject.toml"), encoding: .utf8)
            .replacingOccurrences(of: "[fields.\"reputation.level\"]\n", with: "[fields.\"reputation.level\"]\nchanges = false\n")
            .replacingOccurrences(of: "[collections.articles.fields.rating]\n", with: "[collections.articles.fields.rating]\nchanges = false\n")
        try text.write(to: directory.appendingPathComponent("codeproject.toml"), atomically: true, encoding: .utf8)
        let quiet = try PackLoader().load(file: directory.appendingPathComponent("codeproject.toml").path)
        #expect(quiet.field(named: "reputation.level")?.reportsChanges == false)
        let store = try HistoryStore(path: path())
        _ = try store.save(record("48201", at: t0), pack: quiet)
        let later = record("48201", at: t1) { extracted in
            extracted.fields["reputation.total"] = FieldReading(.int(1_204_908))
            extracted.fields["reputation.level"] = FieldReading(.text("diamond"))
            extracted.collections["articles"]?[0]["rating"] = .decimal(Decimal(string: "4.93")!)
        }
        let saved = try store.save(later, pack: quiet)
        #expect(saved.changes == [.field("reputation.total"): FieldChange(previous: .int(1_204_873), seenAt: t0, delta: 35)])
        #expect(saved.newSnapshot)
    }

    /// A page that shows a count rounded (`1.2m`) says nothing of moves smaller than its
    /// step: no change is reported for them, one of a step or more is.
    @Test func noChangeSmallerThanTheShownPrecision() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        _ = try store.save(record("48201", at: t0), pack: pack)
        let rounded = record("48201", at: t1) { extracted in
            extracted.fields["reputation.total"] = FieldReading(.int(1_200_000), step: 100_000)
        }
        #expect(try store.save(rounded, pack: pack).changes.isEmpty)
        let moved = record("48201", at: t1.addingTimeInterval(86_400)) { extracted in
            extracted.fields["reputation.total"] = FieldReading(.int(1_300_000), step: 100_000)
        }
        #expect(try store.save(moved, pack: pack).changes == [.field("reputation.total"): FieldChange(previous: .int(1_200_000), seenAt: t1, delta: 100_000)])
    }

    /// A history written before URLs on the site were kept as paths holds them whole:
    /// read as they would be stored now, they are no change.
    @Test func anAbsoluteURLFromAnOlderHistoryIsNoChange() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        try store.save(record("48201", at: t0), pack: pack)
        let queue = try DatabaseQueue(path: path())
        try queue.write { db in
            try db.execute(sql: "UPDATE field_value SET value = 'https://www.codeproject.com' || value WHERE field = 'avatar_url'")
            #expect(try String.fetchOne(db, sql: "SELECT value FROM field_value WHERE field = 'avatar_url'")
                    == "https://www.codeproject.com/script/Membership/ProfileImages/%7B48201%7D/photo.jpg")
        }
        try queue.close()
        let again = try store.save(record("48201", at: t1), pack: pack)
        #expect(again == HistoryStore.SaveResult(changes: [:], previousLookup: t0, newSnapshot: false))
        // A photo that did change is still one.
        let moved = try store.save(record("48201", at: t1.addingTimeInterval(60)) { $0.fields["avatar_url"] = FieldReading(.text("https://www.codeproject.com/p/new.jpg")) }, pack: pack)
        #expect(moved.changes[.field("avatar_url")]?.previous == .text("/script/Membership/ProfileImages/%7B48201%7D/photo.jpg"))
    }

    @Test func noChangeIsComputedAgainstAnUnknownValue() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        // The average rating unknown, then shown; a row's views shown, then unknown.
        try store.save(record("90210", at: t0) { $0.fields["ratings.articles_average"] = FieldReading(.null) }, pack: pack)
        let later = record("90210", at: t1) { extracted in
            extracted.collections["articles"]?[0]["views"] = .null
        }
        let second = try store.save(later, pack: pack)
        #expect(second.newSnapshot)
        #expect(second.changes == [:])
    }

    @Test func identicalLookupsExtendTheLatestSnapshot() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        try store.save(record("90210", at: t0), pack: pack)
        let again = try store.save(record("90210", at: t1), pack: pack)
        #expect(again == HistoryStore.SaveResult(changes: [:], previousLookup: t0, newSnapshot: false))
        let series = try store.history(site: "codeproject", member: "90210")
        #expect(series.count == 1)
        #expect(series[0].firstSeen == t0 && series[0].lastSeen == t1)
        // Values come back exactly as they went in.
        #expect(series[0].values.fields == record("90210", at: t0).extracted.fields.mapValues(\.value))
        #expect(series[0].values.rows[SnapshotValues.RowKey(collection: "articles", row: "/Articles/5034411/Uber-fast-Unicode-normalisation",
                                                              field: "rating")] == .decimal(Decimal(string: "4.80")!))
    }

    @Test func failedLookupsAreNotSnapshots() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        let failed = MemberRecord(id: "5", site: "codeproject", fetchedAt: t0, sources: [], extracted: ExtractedRecord(),
                                  errors: [MemberError(kind: .timeout, message: "timed out")])
        #expect(try store.save(failed, pack: pack).newSnapshot == false)
        #expect(try store.history(site: "codeproject", member: "5").isEmpty)
    }

    @Test func timeSeriesSince() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        for day in 0..<4 {
            try store.save(record("7315", at: t0.addingTimeInterval(Double(day) * 86_400)) { $0.fields["reputation.total"] = FieldReading(.int(2415 + day * 10)) },
                           pack: pack)
        }
        let all = try store.history(site: "codeproject", member: "7315")
        #expect(all.map { $0.values.fields["reputation.total"] } == [.int(2415), .int(2425), .int(2435), .int(2445)])
        let recent = try store.history(site: "codeproject", member: "7315", since: t0.addingTimeInterval(2 * 86_400))
        #expect(recent.map(\.firstSeen) == [t0.addingTimeInterval(2 * 86_400), t0.addingTimeInterval(3 * 86_400)])
    }

    @Test func trackedMembers() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        #expect(try store.track(["48201", "7315"], site: "codeproject", label: "team", at: t0) == ["48201", "7315"])
        #expect(try store.track(["7315", "90210"], site: "codeproject", label: nil, at: t1) == ["90210"])
        #expect(try store.untrack(["48201", "1"], site: "codeproject") == ["48201"])
        #expect(try store.tracked(site: "codeproject") == [
            HistoryStore.TrackedMember(site: "codeproject", member: "7315", label: "team", addedAt: t0),
            HistoryStore.TrackedMember(site: "codeproject", member: "90210", label: nil, addedAt: t1),
        ])
        #expect(try store.tracked(site: "other").isEmpty)
    }

    @Test func migratesAVersionOneDatabaseWithItsData() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // A database as the first schema version left it.
        let queue = try DatabaseQueue(path: path())
        try HistorySchema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO snapshot (site, member, first_seen, last_seen) VALUES ('codeproject', '42', ?, ?)",
                           arguments: [StoredTime.text(t0), StoredTime.text(t0)])
            try db.execute(sql: "INSERT INTO field_value VALUES (1, 'reputation.total', 'int', '100')")
            try db.execute(sql: "INSERT INTO row_value VALUES (1, 'articles', '/a', 'views', 'int', '7')")
        }
        try queue.close()
        #expect(try DatabaseQueue(path: path()).read { try $0.tableExists("tracked") } == false)

        let store = try HistoryStore(path: path())
        let series = try store.history(site: "codeproject", member: "42")
        #expect(series.count == 1)
        #expect(series[0].values.fields == ["reputation.total": .int(100)])
        #expect(series[0].values.rows == [SnapshotValues.RowKey(collection: "articles", row: "/a", field: "views"): .int(7)])
        #expect(try store.track(["42"], site: "codeproject", label: nil) == ["42"])
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aFileThatIsNotSQLiteIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = Data("these are my notes, not a database\n".utf8) + Data(repeating: 7, count: 5000)
        try garbage.write(to: URL(fileURLWithPath: path("notes.txt")))
        #expect {
            _ = try HistoryStore(path: path("notes.txt"))
        } throws: { error in
            guard case StoreError.notADatabase(let file)? = error as? StoreError else { return false }
            return file == path("notes.txt")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("notes.txt"))) == garbage)
    }

    @Test func aNewerSchemaIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try HistoryStore(path: path())
        let queue = try DatabaseQueue(path: path())
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        try queue.close()
        #expect {
            _ = try HistoryStore(path: path())
        } throws: { error in
            guard case StoreError.newerSchema? = error as? StoreError else { return false }
            return (error as? StoreError)?.description.contains("written by a newer cpvanity") == true
        }
        // Nothing was written: the migrations are as the newer version left them.
        let after = try DatabaseQueue(path: path())
        #expect(try after.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") } == ["v1", "v2", "v3", "v99"])
        #expect(try after.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM snapshot") } == 0)
    }

    @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = path("notes.sqlite")
        let queue = try DatabaseQueue(path: file)
        try queue.write { try $0.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me')") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect {
            _ = try HistoryStore(path: file)
        } throws: { error in
            guard case StoreError.foreignDatabase(let where_, let tables)? = error as? StoreError else { return false }
            return where_ == file && tables == ["notes"]
                && "\(error)" == "\(file) is another program's SQLite database (its tables: notes), not a cpvanity history; nothing was written to it"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    }

    @Test func aNewerHistoryIsRefusedBeforeAnyWrite() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do { _ = try HistoryStore(path: path()) }
        let queue = try DatabaseQueue(path: path())
        try queue.write { try $0.execute(sql: "PRAGMA user_version = 99") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path()))
        #expect(throws: StoreError.self) { _ = try HistoryStore(path: path()) }
        #expect(throws: StoreError.self) { _ = try HistoryStore(path: path(), readOnly: true) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path())) == before)
        // Left exactly as found: no -wal or -shm file beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history.sqlite"])
    }

    /// A history whose last writes are still in its write-ahead log (another process
    /// has it open, or ended without a checkpoint) is read with the log: the file alone
    /// is stale, and once read as "not a database".
    @Test func theCheckReadsTheWriteAheadLog() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do { _ = try HistoryStore(path: path()) }
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        let other = try DatabasePool(path: path(), configuration: configuration)
        try other.write { try $0.execute(sql: "PRAGMA user_version = 99") }
        #expect(FileManager.default.fileExists(atPath: path() + "-wal"))
        #expect {
            try HistoryFileCheck.check(path())
        } throws: { error in
            guard case StoreError.newerSchema? = error as? StoreError else { return false }
            return true
        }
        try other.write { try $0.execute(sql: "PRAGMA user_version = 3") }
        let store = try HistoryStore(path: path())
        #expect(try store.save(record("7315", at: t0), pack: pack).newSnapshot)
        try other.close()
    }

    /// Several cpvanity processes meeting a new file at once (cron and a user) each
    /// bring it up to date or find it done: none fails on the other's migration.
    @Test func newHistoriesOpenedAtOnceAllOpen() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        for round in 0..<30 {
            let file = path("race-\(round).sqlite")
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    _ = try HistoryStore(path: file)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [], "round \(round)")
        }
    }

    @Test func aHistorySaysWhatItIs() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do { _ = try HistoryStore(path: path()) }
        let queue = try DatabaseQueue(path: path())
        #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA application_id") } == 0x6370_7679)
        #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)
        try queue.close()
        // And opens again as itself.
        #expect(try HistoryStore(path: path()).integrityCheck() == "ok")
    }

    @Test func aLockedDatabaseSaysSo() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HistoryStore(path: path())
        // Another connection holds the write lock.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path(), configuration: configuration)
        try other.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        #expect {
            try store.save(record("7315", at: t0), pack: pack)
        } throws: { error in
            guard case StoreError.locked(let file)? = error as? StoreError else { return false }
            return file == path()
        }
        try other.inDatabase { try $0.execute(sql: "ROLLBACK") }
        #expect(try store.save(record("7315", at: t0), pack: pack).newSnapshot)
    }
}

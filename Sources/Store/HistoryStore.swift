import Archive
import Extraction
import Foundation
import GRDB
import Lookup
import Packs

/// The embedded history: one SQLite file (WAL mode) holding a snapshot of every
/// successful lookup, and the members to refresh.
///
/// Snapshots are deduplicated: a lookup whose values all equal the member's latest
/// snapshot adds no row, it moves that snapshot's `last_seen` forward. So each
/// snapshot means "these values, from first_seen until last_seen", and the series
/// grows only when something changed. Each save is one transaction: a killed process
/// leaves every snapshot whole or absent.
public final class HistoryStore: Sendable {
    public let path: String
    let database: any DatabaseWriter

    /// Opens the history at `path`, making it when missing, or (`readOnly`) only reading
    /// one that is there: a history on read-only media is read as it is, and nothing
    /// is ever written beside it.
    public init(path: String, readOnly: Bool = false) throws(StoreError) {
        self.path = path
        if readOnly {
            database = try HistoryStore.openForReading(path)
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create \(directory)")
            }
        }
        // Checked first, touching nothing: opening the pool switches the file to WAL, a write.
        try HistoryFileCheck.check(path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(2)
        configuration.foreignKeysEnabled = true
        do {
            database = try HistoryStore.setUp(path, configuration: configuration)
        } catch let error as StoreError {
            throw error
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    /// Opens the file in WAL mode and brings it up to date. Two cpvanity processes
    /// meeting a new (or older) file at once collide here: SQLite answers "locked" to the
    /// switch to WAL without waiting, and both may see a migration pending, the second
    /// to run it failing ("table snapshot already exists"). Each step is its own
    /// transaction, so the whole is tried again, and finds done what the other did.
    private static func setUp(_ path: String, configuration: Configuration) throws -> DatabasePool {
        var attempt = 1
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try HistorySchema.migrator.migrate(pool)
                try pool.write { db in
                    if try Int32.fetchOne(db, sql: "PRAGMA application_id") != HistoryFileCheck.applicationID {
                        try db.execute(sql: "PRAGMA application_id = \(HistoryFileCheck.applicationID)")
                    }
                    if try Int.fetchOne(db, sql: "PRAGMA user_version") != HistorySchema.version {
                        try db.execute(sql: "PRAGMA user_version = \(HistorySchema.version)")
                    }
                }
                return pool
            } catch let error as DatabaseError where attempt < 6 && [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR].contains(error.resultCode) {
                Thread.sleep(forTimeInterval: 0.05 * Double(attempt))
                attempt += 1
            }
        }
    }

    /// A history that must be there, read without writing: in place when its directory
    /// takes SQLite's shared-memory file, else as an immutable file (read-only media,
    /// where nothing can be changing it).
    private static func openForReading(_ path: String) throws(StoreError) -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        try HistoryFileCheck.check(path, mustBeCurrent: true)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(2)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM snapshot") }
            return queue
        } catch {
            do {
                let queue = try DatabaseQueue(path: HistoryFileCheck.immutableURI(path), configuration: configuration)
                _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM snapshot") }
                return queue
            } catch {
                throw HistoryStore.classify(error, path: path)
            }
        }
    }

    public struct SaveResult: Sendable, Equatable {
        /// What changed since the member's previous snapshot.
        public let changes: [FieldPath: FieldChange]
        /// When the member was last seen before this lookup; nil the first time.
        public let previousLookup: Date?
        /// False when the values equalled the latest snapshot, which was extended instead.
        public let newSnapshot: Bool
    }

    /// Saves a successful lookup (a failed one is no snapshot) and says what
    /// changed since the member's previous snapshot.
    @discardableResult
    public func save(_ record: MemberRecord, pack: SitePack, at time: Date? = nil) throws(StoreError) -> SaveResult {
        guard record.pagesWereRead else { return SaveResult(changes: [:], previousLookup: nil, newSnapshot: false) }
        let now = time ?? record.fetchedAt
        let current = SnapshotValues(record, pack: pack)
        let hosts = SnapshotValues.siteHosts(record, pack: pack)
        do {
            return try database.write { db -> SaveResult in
                let latest = try latestSnapshot(db, site: record.site, member: record.id)
                let previous = latest?.values.onSite(hosts: hosts)
                let current = current.completed(from: previous, read: Set(record.sources.map(\.name)), pack: pack)
                if let latest, previous == current {
                    try db.execute(sql: "UPDATE snapshot SET last_seen = ? WHERE id = ?", arguments: [StoredTime.text(now), latest.id])
                    return SaveResult(changes: [:], previousLookup: latest.lastSeen, newSnapshot: false)
                }
                try db.execute(sql: "INSERT INTO snapshot (site, member, first_seen, last_seen) VALUES (?, ?, ?, ?)",
                               arguments: [record.site, record.id, StoredTime.text(now), StoredTime.text(now)])
                try insert(current, snapshot: db.lastInsertedRowID, db)
                guard let latest, let previous else { return SaveResult(changes: [:], previousLookup: nil, newSnapshot: true) }
                // A count shown rounded (99.5k) that moved less than its step did not visibly
                // change; a value that moves with time alone (`changes = false`) is no news.
                let steps = SnapshotValues.steps(record, pack: pack)
                let changes = current.changes(since: previous, seenAt: latest.lastSeen).filter { place, change in
                    if !HistoryStore.reportsChanges(place, pack: pack) { return false }
                    guard let step = steps[place], let delta = change.delta else { return true }
                    return (delta < 0 ? -delta : delta) >= Decimal(step)
                }
                return SaveResult(changes: changes, previousLookup: latest.lastSeen, newSnapshot: true)
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    /// Whether the field at `place` (a field, or a row's) reports its changes.
    static func reportsChanges(_ place: FieldPath, pack: SitePack) -> Bool {
        switch place {
        case .field(let name): return pack.field(named: name)?.reportsChanges ?? true
        case .cell(let list, _, let field): return pack.collection(named: list)?.field(named: field)?.reportsChanges ?? true
        case .stat, .list, .rows: return true
        }
    }

    private func insert(_ values: SnapshotValues, snapshot id: Int64, _ db: Database) throws {
        for (field, value) in values.fields {
            let stored = value.stored
            try db.execute(sql: "INSERT INTO field_value (snapshot_id, field, type, value) VALUES (?, ?, ?, ?)",
                           arguments: [id, field, stored.type, stored.value])
        }
        for (key, value) in values.rows {
            let stored = value.stored
            try db.execute(sql: "INSERT INTO row_value (snapshot_id, collection, row_key, field, type, value) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [id, key.collection, key.row, key.field, stored.type, stored.value])
        }
    }

    private static func archived(_ db: Database, site: String, member: String, key: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM snapshot WHERE site = ? AND member = ? AND archived = ?)",
                          arguments: [site, member, key]) ?? false
    }

    /// How an archived lookup's captures are named in the history:
    /// `articles@20140112101500 profile@20140110093000`.
    static func captureKey(_ timestamps: [String: ArchiveTimestamp]) -> String {
        timestamps.sorted { $0.key < $1.key }.map { "\($0.key)@\($0.value)" }.joined(separator: " ")
    }

    /// The captures a key names; parts that do not read are left out.
    static func captures(fromKey key: String) -> [String: ArchiveTimestamp] {
        var captures = [String: ArchiveTimestamp]()
        for part in key.split(separator: " ") {
            let pair = part.split(separator: "@", maxSplits: 1)
            if pair.count == 2, let timestamp = ArchiveTimestamp(String(pair[1])) { captures[String(pair[0])] = timestamp }
        }
        return captures
    }

    /// The captures of every archived snapshot of a member, each as source → timestamp.
    public func archivedCaptures(site: String, member: String) throws(StoreError) -> [[String: ArchiveTimestamp]] {
        do {
            let keys = try database.read { db in
                try String.fetchAll(db, sql: "SELECT archived FROM snapshot WHERE site = ? AND member = ? AND archived IS NOT NULL",
                                    arguments: [site, member])
            }
            return keys.map(HistoryStore.captures(fromKey:))
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    /// Saves a successful lookup read from a web archive as a snapshot of its own, at
    /// the time its pages were captured (the later of the two), marked with its
    /// captures. False when the history already holds it (a resumed backfill).
    @discardableResult
    public func saveArchived(_ record: MemberRecord, pack: SitePack) throws(StoreError) -> Bool {
        guard record.pagesWereRead, record.isArchived else { return false }
        let key = HistoryStore.captureKey(record.captures.mapValues(\.timestamp))
        let time = StoredTime.text(record.shownAt)
        let values = SnapshotValues(record, pack: pack)
        do {
            return try database.write { db -> Bool in
                guard try !HistoryStore.archived(db, site: record.site, member: record.id, key: key) else { return false }
                try db.execute(sql: "INSERT INTO snapshot (site, member, first_seen, last_seen, archived) VALUES (?, ?, ?, ?, ?)",
                               arguments: [record.site, record.id, time, time, key])
                try insert(values, snapshot: db.lastInsertedRowID, db)
                return true
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    // MARK: Tracked members

    public struct TrackedMember: Sendable, Equatable {
        public let site: String
        public let member: String
        public let label: String?
        public let addedAt: Date
    }

    /// Adds (or relabels) members; returns the ones that were new.
    @discardableResult
    public func track(_ members: [String], site: String, label: String?, at time: Date = Date()) throws(StoreError) -> [String] {
        do {
            return try database.write { db in
                var added = [String]()
                for member in members {
                    let exists = try Bool.fetchOne(db, sql: "SELECT 1 FROM tracked WHERE site = ? AND member = ?", arguments: [site, member]) ?? false
                    if exists {
                        if let label { try db.execute(sql: "UPDATE tracked SET label = ? WHERE site = ? AND member = ?", arguments: [label, site, member]) }
                    } else {
                        try db.execute(sql: "INSERT INTO tracked (site, member, label, added_at) VALUES (?, ?, ?, ?)",
                                       arguments: [site, member, label, StoredTime.text(time)])
                        added.append(member)
                    }
                }
                return added
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    /// Removes members from the tracked list (their history stays); returns the ones that were tracked.
    @discardableResult
    public func untrack(_ members: [String], site: String) throws(StoreError) -> [String] {
        do {
            return try database.write { db in
                var removed = [String]()
                for member in members {
                    try db.execute(sql: "DELETE FROM tracked WHERE site = ? AND member = ?", arguments: [site, member])
                    if db.changesCount > 0 { removed.append(member) }
                }
                return removed
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    public func tracked(site: String) throws(StoreError) -> [TrackedMember] {
        do {
            return try database.read { db in
                try Row.fetchAll(db, sql: "SELECT site, member, label, added_at FROM tracked WHERE site = ? ORDER BY added_at, member",
                                 arguments: [site]).map { row in
                    TrackedMember(site: row["site"], member: row["member"], label: row["label"],
                                  addedAt: StoredTime.date(row["added_at"]) ?? Date(timeIntervalSince1970: 0))
                }
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    /// SQLite's own check of the file.
    public func integrityCheck() throws(StoreError) -> String {
        do {
            return try database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") ?? "no answer" }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    static func classify(_ error: Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY: return .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
            default: return .failed(path: path, reason: error.message ?? "\(error.resultCode)")
            }
        }
        return .failed(path: path, reason: "\(error)")
    }
}


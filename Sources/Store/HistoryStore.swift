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
    private let database: DatabasePool

    public init(path: String) throws(StoreError) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create \(directory)")
            }
        }
        // Read-only first: opening the pool switches the file to WAL, a write.
        try HistoryFileCheck.check(path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(2)
        configuration.foreignKeysEnabled = true
        do {
            database = try DatabasePool(path: path, configuration: configuration)
            let migrator = HistorySchema.migrator
            if try database.read({ try migrator.hasBeenSuperseded($0) }) {
                throw StoreError.newerSchema(path: path)
            }
            try migrator.migrate(database)
            try database.write { db in
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") != HistoryFileCheck.applicationID {
                    try db.execute(sql: "PRAGMA application_id = \(HistoryFileCheck.applicationID)")
                }
                if try Int.fetchOne(db, sql: "PRAGMA user_version") != HistorySchema.version {
                    try db.execute(sql: "PRAGMA user_version = \(HistorySchema.version)")
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    public struct SaveResult: Sendable, Equatable {
        /// What changed since the member's previous snapshot.
        public let changes: [String: FieldChange]
        /// When the member was last seen before this lookup; nil the first time.
        public let previousLookup: Date?
        /// False when the values equalled the latest snapshot, which was extended instead.
        public let newSnapshot: Bool
    }

    /// Saves a successful lookup (a failed one is no snapshot) and says what
    /// changed since the member's previous snapshot.
    @discardableResult
    public func save(_ record: MemberRecord, pack: SitePack, at time: Date? = nil) throws(StoreError) -> SaveResult {
        guard !record.failed else { return SaveResult(changes: [:], previousLookup: nil, newSnapshot: false) }
        let now = time ?? record.fetchedAt
        let current = SnapshotValues(record, spec: pack.report)
        do {
            return try database.write { db -> SaveResult in
                let latest = try latestSnapshot(db, site: record.site, member: record.id)
                if let latest, latest.values == current {
                    try db.execute(sql: "UPDATE snapshot SET last_seen = ? WHERE id = ?", arguments: [StoredTime.text(now), latest.id])
                    return SaveResult(changes: [:], previousLookup: latest.lastSeen, newSnapshot: false)
                }
                try db.execute(sql: "INSERT INTO snapshot (site, member, first_seen, last_seen) VALUES (?, ?, ?, ?)",
                               arguments: [record.site, record.id, StoredTime.text(now), StoredTime.text(now)])
                try insert(current, snapshot: db.lastInsertedRowID, db)
                guard let latest else { return SaveResult(changes: [:], previousLookup: nil, newSnapshot: true) }
                return SaveResult(changes: current.changes(since: latest.values, seenAt: latest.lastSeen),
                                  previousLookup: latest.lastSeen, newSnapshot: true)
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    private func insert(_ values: SnapshotValues, snapshot id: Int64, _ db: Database) throws {
        for (field, value) in values.fields {
            let stored = StoredValue.encode(value)
            try db.execute(sql: "INSERT INTO field_value (snapshot_id, field, type, value) VALUES (?, ?, ?, ?)",
                           arguments: [id, field, stored.type, stored.value])
        }
        for (key, value) in values.rows {
            let stored = StoredValue.encode(value)
            try db.execute(sql: "INSERT INTO row_value (snapshot_id, collection, row_key, field, type, value) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [id, key.collection, key.row, key.field, stored.type, stored.value])
        }
    }

    private static func archived(_ db: Database, site: String, member: String, key: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM snapshot WHERE site = ? AND member = ? AND archived = ?)",
                          arguments: [site, member, key]) ?? false
    }

    /// How an archived lookup's captures are named in the history.
    public static func captureKey(_ timestamps: [String: String]) -> String {
        timestamps.sorted { $0.key < $1.key }.map { "\($0.key)@\($0.value)" }.joined(separator: " ")
    }

    /// The captures of every archived snapshot of a member, each as source → timestamp.
    public func archivedCaptures(site: String, member: String) throws(StoreError) -> [[String: String]] {
        do {
            let keys = try database.read { db in
                try String.fetchAll(db, sql: "SELECT archived FROM snapshot WHERE site = ? AND member = ? AND archived IS NOT NULL",
                                    arguments: [site, member])
            }
            return keys.map { key in
                var captures = [String: String]()
                for part in key.split(separator: " ") {
                    let pair = part.split(separator: "@", maxSplits: 1)
                    if pair.count == 2 { captures[String(pair[0])] = String(pair[1]) }
                }
                return captures
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    /// True when the history holds the snapshot these captures make.
    public func hasArchived(site: String, member: String, captures key: String) throws(StoreError) -> Bool {
        do {
            return try database.read { db in try HistoryStore.archived(db, site: site, member: member, key: key) }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }

    /// Saves a successful lookup read from a web archive as a snapshot of its own, at
    /// the time its pages were captured (the later of the two), marked with its
    /// captures. False when the history already holds it (a resumed backfill).
    @discardableResult
    public func saveArchived(_ record: MemberRecord, pack: SitePack) throws(StoreError) -> Bool {
        guard !record.failed, record.isArchived else { return false }
        let key = HistoryStore.captureKey(record.captures.mapValues(\.timestamp.description))
        let time = StoredTime.text(record.shownAt)
        let values = SnapshotValues(record, spec: pack.report)
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

    /// A member's snapshots, oldest first.
    public func history(site: String, member: String, since: Date? = nil) throws(StoreError) -> [Snapshot] {
        do {
            return try database.read { db in
                let rows = try Row.fetchAll(db, sql: """
                    SELECT id, first_seen, last_seen, archived FROM snapshot
                    WHERE site = ? AND member = ? AND last_seen >= ? ORDER BY first_seen, id
                    """, arguments: [site, member, since.map(StoredTime.text) ?? ""])
                return try rows.map { row in try snapshot(db, row) }
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

    // MARK: Reading snapshots

    private struct Latest {
        let id: Int64
        let lastSeen: Date
        let values: SnapshotValues
    }

    private func latestSnapshot(_ db: Database, site: String, member: String) throws -> Latest? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT id, first_seen, last_seen, archived FROM snapshot WHERE site = ? AND member = ? AND archived IS NULL
            ORDER BY first_seen DESC, id DESC LIMIT 1
            """, arguments: [site, member]) else { return nil }
        let snapshot = try snapshot(db, row)
        return Latest(id: row["id"], lastSeen: snapshot.lastSeen, values: snapshot.values)
    }

    private func snapshot(_ db: Database, _ row: Row) throws -> Snapshot {
        let id: Int64 = row["id"]
        var values = SnapshotValues()
        for field in try Row.fetchAll(db, sql: "SELECT field, type, value FROM field_value WHERE snapshot_id = ?", arguments: [id]) {
            values.fields[field["field"]] = StoredValue.decode(type: field["type"], value: field["value"])
        }
        for cell in try Row.fetchAll(db, sql: "SELECT collection, row_key, field, type, value FROM row_value WHERE snapshot_id = ?", arguments: [id]) {
            values.rows[SnapshotValues.RowKey(collection: cell["collection"], row: cell["row_key"], field: cell["field"])] =
                StoredValue.decode(type: cell["type"], value: cell["value"])
        }
        let firstSeen = StoredTime.date(row["first_seen"]) ?? Date(timeIntervalSince1970: 0)
        return Snapshot(firstSeen: firstSeen, lastSeen: StoredTime.date(row["last_seen"]) ?? firstSeen, values: values,
                        archived: row["archived"])
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

/// One snapshot: the values seen from `firstSeen` until `lastSeen`.
public struct Snapshot: Sendable, Equatable {
    public let firstSeen: Date
    public let lastSeen: Date
    public let values: SnapshotValues
    /// For a snapshot read from a web archive, its captures
    /// (`articles@20140112101500 profile@20140110093000`); nil for a live lookup.
    public var archived: String? = nil
}

/// What a snapshot keeps: every scalar field, and the numbers (and title) of every row.
public struct SnapshotValues: Sendable, Equatable {
    public struct RowKey: Sendable, Hashable {
        public let collection: String
        /// The row's URL, else its title, else its position.
        public let row: String
        public let field: String
    }

    public var fields: [String: FieldValue] = [:]
    public var rows: [RowKey: FieldValue] = [:]

    init() {}

    init(_ record: MemberRecord, spec: ReportSpec) {
        fields = record.extracted.fields
        for (collection, list) in record.extracted.collections {
            for (index, row) in list.enumerated() {
                let key = spec.rowKey(row) ?? "#\(index + 1)"
                for (field, value) in row {
                    let keep: Bool
                    switch value {
                    case .int, .decimal: keep = true
                    default: keep = field == spec.titleField
                    }
                    if keep { rows[RowKey(collection: collection, row: key, field: field)] = value }
                }
            }
        }
    }

    /// Changed values, keyed `field` or `collection[row].field`. A value unknown on
    /// either side (null: not on the page) is no change: nothing is computed against it.
    func changes(since previous: SnapshotValues, seenAt: Date) -> [String: FieldChange] {
        var changes = [String: FieldChange]()
        for (field, value) in fields where value != .null {
            if let old = previous.fields[field], old != .null, old != value {
                changes[field] = FieldChange(from: old, to: value, seenAt: seenAt)
            }
        }
        for (key, value) in rows where value != .null {
            if let old = previous.rows[key], old != .null, old != value {
                changes["\(key.collection)[\(key.row)].\(key.field)"] = FieldChange(from: old, to: value, seenAt: seenAt)
            }
        }
        return changes
    }
}

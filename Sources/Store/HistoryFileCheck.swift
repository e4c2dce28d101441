import Foundation
import GRDB

/// What a `--db` file is, found out read-only before anything is written to it: only
/// an empty file, a new one or a cpvanity history is used; anything else (another
/// program's SQLite database, a history from a newer cpvanity) is refused untouched.
enum HistoryFileCheck {
    /// `PRAGMA application_id` of a cpvanity history: "cpvy". Other tools (`file`,
    /// sqlite3's `.dbinfo`) can tell what the file is.
    static let applicationID: Int32 = 0x6370_7679
    /// The tables a cpvanity history holds (GRDB's migration table among them).
    static let ownTables: Set<String> = ["grdb_migrations", "snapshot", "field_value", "row_value", "tracked"]

    /// `mustBeCurrent`: for reading without writing, where an older history cannot be
    /// brought up to date.
    static func check(_ path: String, mustBeCurrent: Bool = false) throws(StoreError) {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 else {
            if mustBeCurrent { throw .missing(path: path) }
            return
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(2)
        let facts: (id: Int32, version: Int, tables: Set<String>, superseded: Bool)
        do {
            // Immutable: read as it lies, so no -wal or -shm file is made beside a file
            // that may yet be refused. Not when a write-ahead log is already beside it:
            // the file alone is then stale or half-written (a process that ended without
            // a checkpoint leaves its last writes in the log), and opening it in place
            // makes nothing new.
            let inPlace = FileManager.default.fileExists(atPath: path + "-wal") && FileManager.default.fileExists(atPath: path + "-shm")
            let queue = try DatabaseQueue(path: inPlace ? path : immutableURI(path), configuration: configuration)
            defer { try? queue.close() }
            facts = try queue.read { db in
                let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
                let superseded = tables.contains("grdb_migrations") ? try HistorySchema.migrator.hasBeenSuperseded(db) : false
                return (id, version, tables, superseded)
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
        if facts.id != applicationID {
            let foreign = facts.tables.subtracting(ownTables)
            guard facts.id == 0, foreign.isEmpty else {
                throw .foreignDatabase(path: path, tables: facts.tables.sorted())
            }
        }
        if facts.superseded || facts.version > HistorySchema.version { throw .newerSchema(path: path) }
        if mustBeCurrent && facts.version < HistorySchema.version { throw .olderSchema(path: path) }
    }

    /// An SQLite URI for reading `path` as an immutable file: no locks, no sidecar files.
    static func immutableURI(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }
}

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

    static func check(_ path: String) throws(StoreError) {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 else { return }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(2)
        let facts: (id: Int32, version: Int, tables: Set<String>, superseded: Bool)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
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
    }
}

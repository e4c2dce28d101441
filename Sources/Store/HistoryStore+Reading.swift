import Archive
import Extraction
import Foundation
import GRDB
import Lookup
import Packs

/// Snapshots read back, each with its values and, for an archived one, its captures.
extension HistoryStore {
    /// A member's snapshots, oldest first.
    func history(site: String, member: String, since: Date? = nil) throws(StoreError) -> [Snapshot] {
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

    struct Latest {
        let id: Int64
        let lastSeen: Date
        let values: SnapshotValues
    }

    func latestSnapshot(_ db: Database, site: String, member: String) throws -> Latest? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT id, first_seen, last_seen, archived FROM snapshot WHERE site = ? AND member = ? AND archived IS NULL
            ORDER BY first_seen DESC, id DESC LIMIT 1
            """, arguments: [site, member]) else { return nil }
        let snapshot = try snapshot(db, row)
        return Latest(id: row["id"], lastSeen: snapshot.lastSeen, values: snapshot.values)
    }

    func snapshot(_ db: Database, _ row: Row) throws -> Snapshot {
        let id: Int64 = row["id"]
        var values = SnapshotValues()
        for field in try Row.fetchAll(db, sql: "SELECT field, type, value FROM field_value WHERE snapshot_id = ?", arguments: [id]) {
            values.fields[field["field"]] = FieldValue(storedType: field["type"], value: field["value"])
        }
        for cell in try Row.fetchAll(db, sql: "SELECT collection, row_key, field, type, value FROM row_value WHERE snapshot_id = ?", arguments: [id]) {
            values.rows[SnapshotValues.RowKey(collection: cell["collection"], row: cell["row_key"], field: cell["field"])] =
                FieldValue(storedType: cell["type"], value: cell["value"])
        }
        let firstSeen = StoredTime.date(row["first_seen"]) ?? Date(timeIntervalSince1970: 0)
        return Snapshot(firstSeen: firstSeen, lastSeen: StoredTime.date(row["last_seen"]) ?? firstSeen, values: values,
                        archived: (row["archived"] as String?).map(HistoryStore.captures(fromKey:)))
    }

}

extension HistoryStore {
    /// What `record` no longer shows that the member's latest lookup had: each field,
    /// and each list, that had a value then and is unknown now (null with a problem:
    /// the page no longer reads, not a page that says "none"), as a change from its
    /// last value (a list's by its number of rows). Empty for a member never looked up,
    /// and for a lookup whose pages were not read.
    public func losses(_ record: MemberRecord, pack: SitePack) throws(StoreError) -> [FieldPath: FieldChange] {
        let unknown = Set(record.errors.filter { [.extraction, .unreadable].contains($0.kind) }.compactMap(\.field))
        guard !unknown.isEmpty, !record.isArchived else { return [:] }
        do {
            return try database.read { db -> [FieldPath: FieldChange] in
                guard let latest = try latestSnapshot(db, site: record.site, member: record.id) else { return [:] }
                var losses = [FieldPath: FieldChange]()
                for field in pack.fields.map(\.name) where unknown.contains(.field(field)) && (record.extracted.value(field) ?? .null) == .null {
                    if let old = latest.values.fields[field], old != .null {
                        losses[.field(field)] = FieldChange(previous: old, seenAt: latest.lastSeen, delta: nil)
                    }
                }
                for collection in pack.collections.map(\.name) where unknown.contains(.list(collection)) && record.extracted.collections[collection] == nil {
                    let rows = Set(latest.values.rows.keys.filter { $0.collection == collection }.map(\.row))
                    if !rows.isEmpty { losses[.list(collection)] = FieldChange(previous: .int(rows.count), seenAt: latest.lastSeen, delta: nil) }
                }
                return losses
            }
        } catch {
            throw HistoryStore.classify(error, path: path)
        }
    }
}

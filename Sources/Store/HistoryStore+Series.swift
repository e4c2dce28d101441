import Extraction
import Foundation
import Lookup
import Packs

/// A member's history as series of values over time: its fields with its statistics
/// (computed here, from each snapshot's rows, as a lookup computes them), or each row's
/// numbers. What the history can show, and shows unless asked, is `HistoryFields`.
extension HistoryStore {
    /// The member's fields and statistics over time, from `since` on.
    public func series(site: String, member: String, pack: SitePack, since: Date? = nil) throws(StoreError) -> HistorySeries {
        let snapshots = try history(site: site, member: member, since: since)
        var title: String?
        if let field = pack.report.nameField, case .text(let name)? = snapshots.last?.values.fields[field] { title = name }
        return HistorySeries(id: member, site: site, title: title, points: snapshots.map {
            HistorySeries.Point(time: $0.firstSeen, lastSeen: $0.lastSeen,
                                values: $0.values.fields.merging(HistoryStore.statistics($0, pack: pack)) { field, _ in field },
                                archived: $0.archived)
        })
    }

    /// One series per row of the pack's report collection, keyed by its row key (a
    /// link's path, else a title), biggest first by the pack's sort field.
    public func rowSeries(site: String, member: String, pack: SitePack, since: Date? = nil) throws(StoreError) -> [HistorySeries] {
        let snapshots = try history(site: site, member: member, since: since)
        var keys = [String]()
        var titles = [String: String]()
        var points = [String: [HistorySeries.Point]]()
        let titleField = pack.report.titleField
        for snapshot in snapshots {
            for (row, values) in HistoryStore.rowValues(of: snapshot, collection: pack.report.collection) {
                if !keys.contains(row) { keys.append(row) }
                if let titleField, case .text(let title)? = values[titleField] { titles[row] = title }
                // A snapshot where only other things changed extends this row's last point.
                var list = points[row] ?? []
                if let last = list.last, last.values == values, last.archived == snapshot.archived {
                    list[list.count - 1] = HistorySeries.Point(time: last.time, lastSeen: snapshot.lastSeen, values: values, archived: last.archived)
                } else {
                    list.append(HistorySeries.Point(time: snapshot.firstSeen, lastSeen: snapshot.lastSeen, values: values, archived: snapshot.archived))
                }
                points[row] = list
            }
        }
        // Biggest first by the pack's sort field (a number), as the rows are listed.
        let sort = pack.report.sortField.flatMap { pack.reportCollection?.field(named: $0)?.type.isNumber == true ? $0 : nil }
        func latest(_ key: String) -> Decimal {
            guard let sort else { return 0 }
            switch points[key]?.last?.values[sort] {
            case .int(let number)?: return Decimal(number)
            case .decimal(let number)?: return number
            default: return 0
            }
        }
        return keys.enumerated().sorted { a, b in
            latest(a.element) != latest(b.element) ? latest(a.element) > latest(b.element) : a.offset < b.offset
        }.map(\.element).map { key in
            HistorySeries(id: member, site: site, key: key, title: titles[key], points: points[key] ?? [])
        }
    }

    /// The statistics of one snapshot, computed from its rows as a lookup computes them
    /// (a snapshot keeps each row's numbers and title, by row key).
    static func statistics(_ snapshot: Snapshot, pack: SitePack) -> [String: FieldValue] {
        var rows = [String: [String: [String: FieldValue]]]()
        for (key, value) in snapshot.values.rows {
            rows[key.collection, default: [:]][key.row, default: [:]][key.field] = value
        }
        var collections = [String: [ExtractedRecord.Row]]()
        for collection in pack.statCollections {
            collections[collection] = (rows[collection] ?? [:]).sorted { $0.key < $1.key }.map { ExtractedRecord.Row(pairs: $0.value.sorted { $0.key < $1.key }) }
        }
        guard let stats = Statistics.compute(pack, fields: snapshot.values.fields, collections: collections) else { return [:] }
        return Dictionary(stats.flattened(pack).map { ($0.path.description, $0.reading.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// A snapshot's rows of one collection, by row key, in key order.
    private static func rowValues(of snapshot: Snapshot, collection: String?) -> [(key: String, value: [String: FieldValue])] {
        var byRow = [String: [String: FieldValue]]()
        for (key, value) in snapshot.values.rows where key.collection == collection {
            byRow[key.row, default: [:]][key.field] = value
        }
        return byRow.sorted { $0.key < $1.key }
    }
}

/// What a history can show of a pack's members, and shows when nothing is named.
public enum HistoryFields {
    /// The pack's fields and its statistics' numbers, or (`rows`) a row's numeric fields.
    public static func known(_ pack: SitePack, rows: Bool) -> [String] {
        if rows { return pack.reportCollection?.fields.filter { $0.type.isNumber }.map(\.name) ?? [] }
        return pack.fields.map(\.name) + pack.stats.filter { !$0.fieldsAsObject }.map { "stats.\($0.name)" }
    }

    public static func shown(_ pack: SitePack, rows: Bool) -> [String] {
        rows ? known(pack, rows: true) : pack.report.summary
    }
}

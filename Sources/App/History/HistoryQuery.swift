import Extraction
import Foundation
import Packs
import Report
import Store

/// What `history` shows: a member's snapshots as series of values over time, for the
/// pack's fields and the statistics a lookup computes, or one series per article.
public struct HistoryQuery {
    public let pack: SitePack
    /// Each row's numbers over time (a CodeProject article's) instead of the member's fields.
    public let rows: Bool

    public init(pack: SitePack, rows: Bool) {
        self.pack = pack
        self.rows = rows
    }

    /// The fields a series can show: the pack's fields and its statistics' numbers, or
    /// a row's numeric fields.
    public var knownFields: [String] {
        if rows {
            return pack.reportCollection?.fields.filter { $0.type.isNumber }.map(\.name) ?? []
        }
        return pack.fields.map(\.name) + pack.stats.filter { !$0.fieldsAsObject }.map { "stats.\($0.name)" }
    }

    /// What is shown when no field is named.
    public var defaultFields: [String] { rows ? knownFields : pack.report.summary }

    /// The member's series, from its snapshots in time order.
    public func series(_ id: String, _ snapshots: [Snapshot]) -> [HistorySeries] {
        if rows { return rowSeries(id, snapshots) }
        return [HistorySeries(id: id, site: pack.name, title: name(snapshots), points: snapshots.map {
            HistorySeries.Point(time: $0.firstSeen, lastSeen: $0.lastSeen,
                                values: $0.values.fields.merging(statistics($0)) { field, _ in field }, archived: $0.archived)
        })]
    }

    /// The statistics of one snapshot, computed from its rows as a lookup computes them
    /// (a snapshot keeps each row's numbers and title, by row key).
    public func statistics(_ snapshot: Snapshot) -> [String: FieldValue] {
        var rows = [String: [String: [String: FieldValue]]]()
        for (key, value) in snapshot.values.rows {
            rows[key.collection, default: [:]][key.row, default: [:]][key.field] = value
        }
        var collections = [String: [ExtractedRecord.Row]]()
        for collection in pack.statCollections {
            collections[collection] = (rows[collection] ?? [:]).sorted { $0.key < $1.key }.map { ExtractedRecord.Row(pairs: $0.value.sorted { $0.key < $1.key }) }
        }
        guard let stats = Statistics.compute(pack, fields: snapshot.values.fields, collections: collections) else { return [:] }
        return Dictionary(stats.flattened(pack).map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private func name(_ snapshots: [Snapshot]) -> String? {
        guard let field = pack.report.nameField, case .text(let name)? = snapshots.last?.values.fields[field] else { return nil }
        return name
    }

    /// One series per row, keyed by its row key (a link's path, else a title), biggest
    /// first by the pack's sort field.
    public func rowSeries(_ id: String, _ snapshots: [Snapshot]) -> [HistorySeries] {
        var keys = [String]()
        var titles = [String: String]()
        var points = [String: [HistorySeries.Point]]()
        let titleField = pack.report.titleField
        for snapshot in snapshots {
            for (row, values) in rowValues(of: snapshot) {
                if !keys.contains(row) { keys.append(row) }
                if let titleField, case .text(let title)? = values[titleField] { titles[row] = title }
                // A snapshot where only other things changed extends this article's last point.
                var list = points[row] ?? []
                if let last = list.last, last.values == values, last.archived == snapshot.archived {
                    list[list.count - 1] = HistorySeries.Point(time: last.time, lastSeen: snapshot.lastSeen, values: values, archived: last.archived)
                } else {
                    list.append(HistorySeries.Point(time: snapshot.firstSeen, lastSeen: snapshot.lastSeen, values: values,
                                                    archived: snapshot.archived))
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
            HistorySeries(id: id, site: pack.name, key: key, title: titles[key], points: points[key] ?? [])
        }
    }

    /// A snapshot's rows of the report's collection, by row key, in key order.
    private func rowValues(of snapshot: Snapshot) -> [(key: String, value: [String: FieldValue])] {
        var byRow = [String: [String: FieldValue]]()
        for (key, value) in snapshot.values.rows where key.collection == pack.report.collection {
            byRow[key.row, default: [:]][key.field] = value
        }
        return byRow.sorted { $0.key < $1.key }
    }

    /// `--since`: a day (2026-11-01, as UTC midnight) or an ISO 8601 time; nil for anything else.
    public static func date(_ text: String) -> Date? {
        if let full = try? Date.ISO8601FormatStyle().parse(text) { return full }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, CalendarDate(year: parts[0], month: parts[1], day: parts[2]) != nil else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components)
    }
}

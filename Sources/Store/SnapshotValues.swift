import Archive
import Foundation
import Lookup
import Packs

/// One snapshot: the values seen from `firstSeen` until `lastSeen`.
struct Snapshot: Sendable, Equatable {
    let firstSeen: Date
    let lastSeen: Date
    let values: SnapshotValues
    /// For a snapshot read from a web archive, the capture each source was read from;
    /// nil for a live lookup.
    var archived: [String: ArchiveTimestamp]? = nil
}

/// What a snapshot keeps: every scalar field, and the numbers (and title) of every row.
struct SnapshotValues: Sendable, Equatable {
    struct RowKey: Sendable, Hashable {
        let collection: String
        /// The row's URL, else its title, else its position.
        let row: String
        let field: String
    }

    var fields: [String: FieldValue] = [:]
    var rows: [RowKey: FieldValue] = [:]

    init() {}

    /// The pack's columns, walked as every output walks them: each field, and of each
    /// list's rows the numbers and the title. A URL on the site's own host (the pack's,
    /// or the mirror the pages came from) is kept as its path: the same page read through
    /// another mirror, or another port of the replica, is no change.
    init(_ record: MemberRecord, pack: SitePack) {
        let spec = pack.report
        let hosts = SnapshotValues.siteHosts(record, pack: pack)
        for column in pack.columns.fields {
            if let reading = record.extracted[column.path] { fields[column.key] = SnapshotValues.onSite(reading.value, hosts: hosts) }
        }
        for list in pack.columns.lists {
            let kept = list.columns.filter { $0.type?.isNumber == true || $0.key == spec.titleField }
            for (index, row) in (record.extracted.collections[list.name] ?? []).enumerated() {
                let key = spec.rowKey(row) ?? "#\(index + 1)"
                // A number the row does not show is not kept; its title is, whatever it is.
                for column in kept {
                    guard let value = row[column.key], !value.isNull || column.key == spec.titleField else { continue }
                    rows[RowKey(collection: list.name, row: key, field: column.key)] = value
                }
            }
        }
    }

    /// These values, from a lookup that read only `read` of the member's pages (`rows`
    /// reads the list's alone), with the parts of the pages it did not read as the
    /// member's last snapshot has them: a part not fetched is never recorded as unknown,
    /// and the next change is reckoned against the value last read.
    func completed(from latest: SnapshotValues?, read: Set<String>, pack: SitePack) -> SnapshotValues {
        guard let latest, !pack.sources.allSatisfy({ read.contains($0.name) }) else { return self }
        var whole = self
        for (name, value) in latest.fields where whole.fields[name] == nil {
            guard let field = pack.field(named: name), !field.sources.contains(where: read.contains) else { continue }
            whole.fields[name] = value
        }
        for (key, value) in latest.rows where whole.rows[key] == nil {
            guard let collection = pack.collection(named: key.collection), !read.contains(collection.source) else { continue }
            whole.rows[key] = value
        }
        return whole
    }

    /// The site's own hosts for `record`: the pack's, and the one its pages came from.
    static func siteHosts(_ record: MemberRecord, pack: SitePack) -> Set<String> {
        Set(([pack.baseURL] + record.sources.map(\.url)).compactMap { URLComponents(string: $0)?.host?.lowercased() })
    }

    /// These values with URLs on `hosts` kept as paths: a snapshot stored before URLs
    /// were kept so, compared as it would be stored now (no change invented by an upgrade).
    func onSite(hosts: Set<String>) -> SnapshotValues {
        var copy = self
        copy.fields = fields.mapValues { SnapshotValues.onSite($0, hosts: hosts) }
        return copy
    }

    /// `http://127.0.0.1:8080/x/y?z` → `/x/y?z` when the host is one of `hosts`.
    static func onSite(_ value: FieldValue, hosts: Set<String>) -> FieldValue {
        guard case .text(let text) = value, text.hasPrefix("http://") || text.hasPrefix("https://"),
              let parts = URLComponents(string: text), let host = parts.host?.lowercased(), hosts.contains(host) else { return value }
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        return .text(path + (parts.percentEncodedQuery.map { "?" + $0 } ?? "") + (parts.percentEncodedFragment.map { "#" + $0 } ?? ""))
    }

    /// The steps of `record`'s values the page showed rounded, by the places changes
    /// are keyed by (a row's by its key): a change smaller than its step is none.
    static func steps(_ record: MemberRecord, pack: SitePack) -> [FieldPath: Int] {
        var steps = [FieldPath: Int]()
        for (name, reading) in record.extracted.fields { if let step = reading.step { steps[.field(name)] = step } }
        for (collection, list) in record.extracted.collections {
            for (index, row) in list.enumerated() {
                let key = pack.report.rowKey(row) ?? "#\(index + 1)"
                for (field, reading) in row.namedReadings {
                    if let step = reading.step { steps[.cell(list: collection, row: .key(key), field: field)] = step }
                }
            }
        }
        return steps
    }

    /// Changed values, by place (a row's field by the row's key). A value unknown on
    /// either side (null: not on the page) is no change: nothing is computed against it.
    func changes(since previous: SnapshotValues, seenAt: Date) -> [FieldPath: FieldChange] {
        var changes = [FieldPath: FieldChange]()
        for (field, value) in fields where value != .null {
            if let old = previous.fields[field], old != .null, old != value {
                changes[.field(field)] = FieldChange(from: old, to: value, seenAt: seenAt)
            }
        }
        for (key, value) in rows where value != .null {
            if let old = previous.rows[key], old != .null, old != value {
                changes[.cell(list: key.collection, row: .key(key.row), field: key.field)] = FieldChange(from: old, to: value, seenAt: seenAt)
            }
        }
        return changes
    }
}

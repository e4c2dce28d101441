import Foundation
import Lookup
import Packs

/// What `refresh` prints: a row per value that changed since the member's previous
/// lookup, as `git diff` shows a change (nothing when nothing changed). Machines get
/// `id`, `name`, `field`, `label`, `value`, `previous`, `delta` and `since`; people the
/// member, what changed (by its label; a row's by its title), the new value, the
/// signed difference and since when.
public enum ChangeList {
    public static let columns: [ListView.Column] = [
        .init("id", label: "ID"), .init("name", label: "member"), .init("field", label: "field", forPeople: false),
        .init("label", label: "what"), .init("value", label: "now"), .init("previous", label: "before", forPeople: false),
        .init("delta", label: "change"), .init("since", label: "since"),
    ]

    /// The changes of `record`, scalar fields in the pack's order, then lists lost, then
    /// rows by key. A value the lookup could not read that the last one had is a change
    /// to unknown, with why: "unknown: not found on the page", "was 4.66".
    public static func rows(_ record: MemberRecord, pack: SitePack) -> [[ListCell]] {
        let name = record.displayName(pack.report).map(ListCell.text) ?? .empty
        let scalar = pack.fields.map(\.name).filter { record.changes[$0] != nil }
        let lists = pack.collections.map(\.name).filter { record.changes[$0] != nil }
        let rowKeys = record.changes.keys.filter { !scalar.contains($0) && !lists.contains($0) }.sorted()
        return (scalar + lists + rowKeys).compactMap { key -> [ListCell]? in
            guard let change = record.changes[key] else { return nil }
            if let list = pack.collection(named: key) {
                return [.text(record.id), name, .text(key), .text(list.displayName), .text(unknown(key, record: record)), .value(change.previous),
                        .text("had \(DisplayText.of(change.previous)) row\(change.previous == .int(1) ? "" : "s")"), .moment(change.seenAt)]
            }
            let (label, current) = scalar.contains(key) ? (pack.label(of: key), record.extracted.fields[key])
                : (rowLabel(key, record: record, pack: pack), rowValue(key, record: record, pack: pack))
            let delta: ListCell = change.delta.map(ListCell.signed)
                ?? .text("was \(DisplayText.of(change.previous, change: nil, type: pack.field(named: key)?.type))")
            let now: ListCell = (current ?? .null) == .null && record.errors.contains { $0.field == key } ? .text(unknown(key, record: record))
                : current.map(ListCell.value) ?? .empty
            return [.text(record.id), name, .text(key), .text(label), now, .value(change.previous), delta, .moment(change.seenAt)]
        }
    }

    /// "unknown: not found on the page", for a value the lookup has a problem with.
    private static func unknown(_ key: String, record: MemberRecord) -> String {
        "unknown: " + record.whyUnknown(key)
    }

    public static func view(_ rows: [[ListCell]]) -> ListView {
        ListView(name: "Changes", columns: columns, rows: rows)
    }

    /// `articles[<url>].views` → `Cache Heap Shader — Views`.
    private static func rowLabel(_ key: String, record: MemberRecord, pack: SitePack) -> String {
        guard let (collection, row, field) = FieldChange.rowPlace(of: key) else { return key }
        let title = record.extracted.collections[collection]?.first { pack.report.rowKey($0) == row }
            .flatMap { row -> String? in
                guard let field = pack.report.titleField, case .text(let text)? = row[field] else { return nil }
                return text
            }
        return "\(title ?? row) — \(pack.label(of: "\(collection).\(field)"))"
    }

    private static func rowValue(_ key: String, record: MemberRecord, pack: SitePack) -> FieldValue? {
        guard let (collection, row, field) = FieldChange.rowPlace(of: key) else { return nil }
        return record.extracted.collections[collection]?.first { pack.report.rowKey($0) == row }?[field]
    }
}

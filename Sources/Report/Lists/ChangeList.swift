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
        let scalar = pack.columns.fields.map(\.path).filter { record.changes[$0] != nil }
        let lists = pack.columns.lists.map { FieldPath.list($0.name) }.filter { record.changes[$0] != nil }
        let rowPlaces = record.changes.keys.filter { !scalar.contains($0) && !lists.contains($0) }.sorted()
        return (scalar + lists + rowPlaces).compactMap { place -> [ListCell]? in
            guard let change = record.changes[place] else { return nil }
            let key = ListCell.text(place.description)
            if case .list = place {
                return [.text(record.id), name, key, .text(pack.columns.label(of: place)), .text(unknown(place, record: record)), .value(change.previous),
                        .text("had \(DisplayText.of(change.previous)) row\(change.previous == .int(1) ? "" : "s")"), .moment(change.seenAt)]
            }
            let (label, current) = rowPlace(place).map { (rowLabel($0, record: record, pack: pack), rowValue($0, record: record, pack: pack)) }
                ?? (pack.columns.label(of: place), record.extracted[place]?.value)
            let type = pack.columns.column(named: place.description)?.type
            let delta: ListCell = change.delta.map(ListCell.signed) ?? .text("was \(DisplayText.of(change.previous, change: nil, type: type))")
            let now: ListCell = (current ?? .null) == .null && record.errors.contains { $0.field == place } ? .text(unknown(place, record: record))
                : current.map(ListCell.value) ?? .empty
            return [.text(record.id), name, key, .text(label), now, .value(change.previous), delta, .moment(change.seenAt)]
        }
    }

    /// "unknown: not found on the page", for a value the lookup has a problem with.
    private static func unknown(_ place: FieldPath, record: MemberRecord) -> String {
        "unknown: " + record.whyUnknown(place)
    }

    public static func view(_ rows: [[ListCell]]) -> ListView {
        ListView(name: "Changes", columns: columns, rows: rows)
    }

    /// A row's field by the row's key, as the history names it.
    private typealias RowPlace = (list: String, key: String, field: String)

    private static func rowPlace(_ place: FieldPath) -> RowPlace? {
        guard case .cell(let list, .key(let key), let field) = place else { return nil }
        return (list, key, field)
    }

    /// `articles[<url>].views` → `Cache Heap Shader — Views`.
    private static func rowLabel(_ place: RowPlace, record: MemberRecord, pack: SitePack) -> String {
        let title = record.extracted.collections[place.list]?.first { pack.report.rowKey($0) == place.key }
            .flatMap { row -> String? in
                guard let field = pack.report.titleField, case .text(let text)? = row[field] else { return nil }
                return text
            }
        return "\(title ?? place.key) — \(pack.columns.list(place.list)?.column(place.field)?.label ?? place.field)"
    }

    private static func rowValue(_ place: RowPlace, record: MemberRecord, pack: SitePack) -> FieldValue? {
        record.extracted.collections[place.list]?.first { pack.report.rowKey($0) == place.key }?[place.field]
    }
}

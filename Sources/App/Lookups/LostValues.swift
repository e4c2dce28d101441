import Foundation
import Lookup
import Packs
import Report

/// What a member's lookup lost since the last: the words for each field or list its
/// last lookup had and this one cannot read ("Average article rating was 4.66 at the
/// last lookup (2026-11-20); unknown now: not found on the page").
enum LostValues {
    static func said(_ losses: [String: FieldChange], of record: MemberRecord, pack: SitePack) -> [String] {
        let order = pack.fields.map(\.name) + pack.collections.map(\.name)
        return order.compactMap { key -> String? in
            guard let change = losses[key] else { return nil }
            let list = pack.collection(named: key)
            let label = list?.displayName ?? pack.label(of: key)
            let had = list == nil ? "was \(ShownValue.of(change.previous, type: pack.field(named: key)?.type))"
                : "had \(ShownValue.of(change.previous)) row\(change.previous == .int(1) ? "" : "s")"
            let day = change.seenAt.formatted(Date.ISO8601FormatStyle().year().month().day())
            return "member \(record.id): \(label) \(had) at the last lookup (\(day)); unknown now: \(record.whyUnknown(key))"
        }
    }
}

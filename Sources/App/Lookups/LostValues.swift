import Foundation
import Lookup
import Packs
import Report

/// What a member's lookup lost since the last: the words for each field or list its
/// last lookup had and this one cannot read ("Average article rating was 4.66 at the
/// last lookup (2026-11-20); unknown now: not found on the page").
enum LostValues {
    static func said(_ losses: [FieldPath: FieldChange], of record: MemberRecord, pack: SitePack) -> [String] {
        let order = pack.columns.fields.map(\.path) + pack.columns.lists.map { FieldPath.list($0.name) }
        return order.compactMap { place -> String? in
            guard let change = losses[place] else { return nil }
            let label = pack.columns.label(of: place)
            let had: String
            if case .list = place {
                had = "had \(ShownValue.of(change.previous)) row\(change.previous == .int(1) ? "" : "s")"
            } else {
                had = "was \(ShownValue.of(change.previous, type: pack.columns.column(named: place.description)?.type))"
            }
            let day = change.seenAt.formatted(Date.ISO8601FormatStyle().year().month().day())
            return "member \(record.id): \(label) \(had) at the last lookup (\(day)); unknown now: \(record.whyUnknown(place))"
        }
    }
}

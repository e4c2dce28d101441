import Foundation
import Packs

/// The schema of a pack's statistics: each one's type follows from its operation and
/// the field it reads, its range from that field's (a mean of ratings from 0 to 5 is
/// within 0 to 5; a sum of counts is at least 0) unless it states its own.
extension RecordSchema {
    static func stats(_ pack: SitePack) -> JSONValue {
        let members = pack.stats.map { stat in (stat.name, value(stat, pack: pack)) }
        let sums = pack.stats.filter { stat in
            stat.operation == .sum && stat.collection.flatMap(pack.collection(named:))?.field(named: stat.fields.first ?? "").map { $0.type.kind.schema.jsonType == "integer" } == true
        }
        var schema = object(nested(members))
        if !sums.isEmpty, case .object(var parts) = schema, let index = parts.firstIndex(where: { $0.0 == "properties" }),
           case .object(var properties) = parts[index].1 {
            properties.append(("saturated", .object([
                ("description", .string("Sums that did not fit a 64-bit integer (a hostile page): they read 9223372036854775807 and are named here. Absent when none is.")),
                ("type", .string("array")),
                ("items", .object([("enum", .array(sums.map { .string($0.name) }))])),
            ])))
            parts[index].1 = .object(properties)
            schema = .object(parts)
        }
        return schema
    }

    static func value(_ stat: StatRule, pack: SitePack) -> JSONValue {
        let collection = stat.collection.flatMap(pack.collection(named:))
        let read = stat.fields.first.flatMap { collection?.field(named: $0) }
        // Its type is its column's, as every output types it (`RecordColumns`). Any
        // statistic may be null: unknown (with an error naming it) when a row it is
        // over, or the list itself, could not be read; a default only fills an empty list.
        let type = pack.columns.column(named: FieldPath.stat(stat.name).description)?.type ?? .decimal
        switch stat.operation {
        case .count:
            return .object(typed(type, nullable: true) + [("minimum", .int(0))])
        case .sum:
            let low = read?.bounds.minimum.flatMap { $0 >= 0 ? Decimal(0) : nil }
            let high = read?.bounds.maximum.flatMap { $0 <= 0 ? Decimal(0) : nil }
            return .object(typed(type, nullable: true) + bounds(merged(ValueBounds(minimum: low, maximum: high), stat.bounds)))
        case .mean, .min, .max:
            return .object(typed(type, nullable: true) + bounds(merged(read?.bounds ?? ValueBounds(), stat.bounds)))
        case .formula:
            return .object(typed(type, nullable: true) + bounds(stat.bounds))
        case .distinct:
            return .object(typed(type, nullable: true))
        case .top:
            guard stat.fieldsAsObject else { return read.map(field) ?? .object([]) }
            let parts = stat.objectKeys.compactMap { key -> (String, JSONValue)? in
                guard let rule = collection?.field(named: key) else { return nil }
                // The ranking value is there: the top row is the one with the largest.
                return (key, key == stat.by && !stat.fields.contains(key)
                        ? .object(typed(rule.type, nullable: false) + bounds(rule.bounds)) : field(rule))
            }
            return .object([("oneOf", .array([.object([("type", .string("null"))]), object(parts)]))])
        }
    }

    /// `own` where it says something, else `derived`.
    static func merged(_ derived: ValueBounds, _ own: ValueBounds) -> ValueBounds {
        ValueBounds(minimum: own.minimum ?? derived.minimum, maximum: own.maximum ?? derived.maximum)
    }
}

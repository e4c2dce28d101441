import Foundation
import Lookup
import Packs

/// The JSON Schema (draft 2020-12) of one pack's member records, made from the pack
/// alone: its fields nested on their dots, its collections, its statistics, with types,
/// ranges (`min`, `max`) and the values a `map` gives. `cpvanity patterns schema` prints
/// it; docs/schema/<site>/member-2.json is that output for the bundled packs.
public enum RecordSchema {
    public static func value(_ pack: SitePack) -> JSONValue {
        var properties: [(String, JSONValue)] = [
            ("schema", .object([("const", .string(RecordJSON.memberSchema))])),
            ("id", .object([("type", .string("string")), ("pattern", .string("^(?:\(pack.idRule.pattern))$"))])),
            ("site", .object([("const", .string(pack.name))])),
            ("fetched_at", .object([("type", .string("string")), ("format", .string("date-time")), ("pattern", .string("Z$"))])),
            ("sources", .object([("type", .string("object")), ("additionalProperties", .object([("type", .string("string")), ("format", .string("uri"))]))])),
            ("archived_at", .object([
                ("description", .string("For a lookup in a web archive (as of a date, or a backfill): when the archive captured each source's page, which `sources` then names by its capture URL. Absent for a live lookup.")),
                ("type", .string("object")),
                ("additionalProperties", .object([("type", .string("string")), ("format", .string("date-time"))])),
            ])),
        ]
        properties += nested(pack.fields.map { ($0.name, field($0)) })
        for collection in pack.collections {
            properties.append((collection.name, .object([
                ("type", .string("array")),
                ("items", object(nested(collection.fields.map { ($0.name, field($0)) }))),
            ])))
        }
        if !pack.stats.isEmpty { properties.append(("stats", stats(pack))) }
        if pack.hasRoundedFields {
            properties.append(("rounded", .object([
                ("description", .string("Values the page shows rounded (99.5k), by place (a field's key, or `<collection>[<row>].<field>`): the step each was rounded to (100). The value is known to that step, no closer.")),
                ("type", .string("object")),
                ("additionalProperties", .object([("type", .string("integer")), ("minimum", .int(2))])),
            ])))
        }
        properties.append(("errors", errors))
        properties.append(("changes", changes))
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://github.com/cpvanity/cpvanity/docs/schema/\(pack.name)/member-2.json")),
            ("title", .string("\(RecordJSON.memberSchema) (\(pack.name))")),
            ("description", .string("One member record as cpvanity prints it in JSON or NDJSON (member, rows, batch) for the \(pack.name) pack, made from the pack by `cpvanity patterns schema`. Keys and types change only with a new schema version. Keys other than schema, id, site, fetched_at, sources and errors are present when the page that holds them was fetched; a field the page lacks is null, and a field the pack expects but did not find is null with an `extraction` error naming it: never a 0 or a default standing in for a value not found.")),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("required", .array(["schema", "id", "site", "fetched_at", "sources", "errors"].map { .string($0) })),
            ("properties", .object(properties)),
        ])
    }

    /// A value of a field's type: null where the page did not show it.
    static func field(_ rule: FieldRule) -> JSONValue {
        var members = typed(rule.type, nullable: true)
        if let map = rule.map {
            let values = Set(map.values).sorted()
            members.append(("enum", .array(values.map { .string($0) } + [.null])))
        }
        return .object(members + bounds(rule.bounds))
    }

    static func typed(_ type: FieldType, nullable: Bool) -> [(String, JSONValue)] {
        let form = type.kind.schema
        let name = JSONValue.string(form.jsonType)
        return [("type", nullable ? .array([name, .string("null")]) : name)]
            + [("description", form.description), ("format", form.format), ("pattern", form.pattern)].compactMap { key, text in text.map { (key, JSONValue.string($0)) } }
    }

    static func bounds(_ bounds: ValueBounds) -> [(String, JSONValue)] {
        (bounds.minimum.map { [("minimum", JSONValue.decimal($0))] } ?? []) + (bounds.maximum.map { [("maximum", JSONValue.decimal($0))] } ?? [])
    }

    /// An object of every one of `members`, nothing else.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object([
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("required", .array(members.map { .string($0.0) })),
            ("properties", .object(members)),
        ])
    }

    /// Dotted names as nested objects (`reputation.author.points`), in first-seen order.
    static func nested(_ items: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var heads = [String]()
        var byHead = [String: [(String, JSONValue)]]()
        for (name, schema) in items {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            if !heads.contains(parts[0]) { heads.append(parts[0]) }
            byHead[parts[0], default: []].append((parts.count == 2 ? parts[1] : "", schema))
        }
        return heads.map { head in
            let children = byHead[head] ?? []
            if children.count == 1, children[0].0.isEmpty { return (head, children[0].1) }
            return (head, object(nested(children.filter { !$0.0.isEmpty })))
        }
    }

    static let errors = JSONValue.object([
        ("type", .string("array")),
        ("items", .object([
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("required", .array([.string("kind"), .string("message")])),
            ("properties", .object([
                ("kind", .object([("enum", .array(MemberError.Kind.allCases.map { JSONValue.string($0.rawValue) }))])),
                ("source", .object([("type", .string("string"))])),
                ("field", .object([("type", .string("string"))])),
                ("url", .object([("type", .string("string"))])),
                ("status", .object([("type", .string("integer"))])),
                ("message", .object([("type", .string("string"))])),
            ])),
        ])),
    ])

    static let changes = JSONValue.object([
        ("description", .string("What changed since the member's previous snapshot in the history, keyed by field (a dotted name) or by a row's field (<collection>[<row key>].<field>). Empty when nothing changed, on a first lookup, or without a history.")),
        ("type", .string("object")),
        ("additionalProperties", .object([
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("required", .array([.string("previous"), .string("seen_at"), .string("delta")])),
            ("properties", .object([
                ("previous", .object([])),
                ("seen_at", .object([("type", .string("string")), ("format", .string("date-time"))])),
                ("delta", .object([("type", .array([.string("number"), .string("null")]))])),
            ])),
        ])),
    ])
}

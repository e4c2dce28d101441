import Archive
import Extraction
import Foundation
import Lookup
import Packs

/// A record as JSON: fields nested on the dots of their names, in the pack's
/// order, then each collection's rows, then the problems found.
public enum RecordJSON {
    /// What `extract` prints: the fields, the lists, the statistics (when the pack has
    /// any and they could be worked out), then the problems.
    public static func value(_ record: ExtractedRecord, pack: SitePack, leading: [(String, JSONValue)] = []) -> JSONValue {
        let stats: [(String, JSONValue)] = record.stats.map { [("stats", value($0, pack: pack))] } ?? []
        return value(record, pack: pack, leading: leading, trailing: stats + rounded(record) + [("errors", .array(record.problems.map(problem)))])
    }

    /// `leading` keys, the fields and collections, then `trailing` keys.
    /// `compactRows`: a flat list's rows are written straight from their values
    /// (`writtenRows`), for a compact document.
    private static func value(_ record: ExtractedRecord, pack: SitePack, leading: [(String, JSONValue)],
                              trailing: [(String, JSONValue)], compactRows: Bool = false) -> JSONValue {
        var root = OrderedObject()
        for (key, value) in leading { root.set([key], value) }
        for column in pack.columns.fields {
            guard let reading = record[column.path] else { continue }
            root.set(column.keyParts, json(reading.value))
        }
        for list in pack.columns.lists {
            guard let rows = record.collections[list.name] else { continue }
            let names = list.columns.map(\.key)
            let paths = list.columns.map(\.keyParts)
            let flat = paths.allSatisfy { $0.count == 1 }
            if flat && compactRows {
                root.set([list.name], writtenRows(rows, names: names))
                continue
            }
            let array = rows.map { row -> JSONValue in
                // Row fields seldom nest: no need to build them key path by key path.
                if flat { return .object(zip(names, row.readings(named: names)).map { ($0, json($1.value)) }) }
                var object = OrderedObject()
                for (name, path) in zip(names, paths) { object.set(path, json(row[name] ?? .null)) }
                return object.value
            }
            root.set([list.name], .array(array))
        }
        for (key, value) in trailing { root.set([key], value) }
        return root.value
    }

    /// `rounded`, where the page showed some value rounded: each one's step, by place.
    private static func rounded(_ record: ExtractedRecord) -> [(String, JSONValue)] {
        let steps = record.roundedPlaces
        guard !steps.isEmpty else { return [] }
        return [("rounded", .object(steps.map { ($0.path.description, .int($0.step)) }))]
    }

    /// The version of the member record's shape; `RecordSchema` describes it for each pack (docs/schema/<site>/member-2.json).
    /// Dashboards depend on it: keys and types change only with a new version.
    public static let memberSchema = "cpvanity.member/2"

    /// A looked-up member: identity and provenance first, then the fields, the
    /// statistics, then `errors` (the lookup's, which include the extraction problems).
    public static func value(_ member: MemberRecord, pack: SitePack, compactRows: Bool = false) -> JSONValue {
        let leading = identity(id: member.id, site: member.site, fetchedAt: member.fetchedAt, sources: member.sources.map { ($0.name, $0.url) })
            + (member.isArchived ? [("archived_at", .object(member.sources.compactMap { source in
            member.captures[source.name].map { (source.name, JSONValue.string($0.time.formatted(.iso8601))) }
        }))] : [])
        var trailing = [(String, JSONValue)]()
        if let stats = member.extracted.stats { trailing.append(("stats", value(stats, pack: pack))) }
        trailing += rounded(member.extracted)
        trailing.append(("changes", .object(member.changes.sorted { $0.key < $1.key }.map { ($0.key.description, value($0.value)) })))
        trailing.append(("errors", .array(member.errors.map(error))))
        return value(member.extracted, pack: pack, leading: leading, trailing: trailing, compactRows: compactRows)
    }

    /// What every record begins with: the schema, whose it is (a null ID where none is
    /// known), the site, when its pages were fetched, and where they came from.
    public static func identity(id: String?, site: String, fetchedAt: Date, sources: [(name: String, url: String)]) -> [(String, JSONValue)] {
        [
            ("schema", .string(memberSchema)),
            ("id", id.map { .string($0) } ?? .null),
            ("site", .string(site)),
            ("fetched_at", .string(fetchedAt.formatted(.iso8601))),
            ("sources", .object(sources.map { ($0.name, .string($0.url)) })),
        ]
    }

    /// A member's record, whole, or with only the `--json` keys (`JSONSelection`).
    /// `compact`: it will be written compact (NDJSON), so a whole record's lists are
    /// written straight from their rows rather than built first.
    public static func value(_ member: MemberRecord, pack: SitePack, fields: [String]?, compact: Bool = false) -> JSONValue {
        guard let fields else { return value(member, pack: pack, compactRows: compact) }
        let whole = value(member, pack: pack)
        let paths = fields.map { $0.split(separator: ".").map(String.init) }
        return JSONSelection.keepingRounded(JSONSelection.select(whole, paths: paths), of: whole, paths: paths)
    }

    /// The statistics in the pack's order, nested on the dots of their names, then the
    /// sums that did not fit (`saturated`) when there are any.
    public static func value(_ stats: Statistics, pack: SitePack) -> JSONValue {
        var object = OrderedObject()
        for stat in pack.stats {
            let path = OrderedObject.path(stat.name)
            switch stats[stat.name] {
            case .value(let reading)?: object.set(path, json(reading.value))
            case .row(let row?)?: object.set(path, .object(stat.objectKeys.map { ($0, json(row[$0] ?? .null)) }))
            case .row(nil)?, nil: object.set(path, .null)
            }
        }
        if !stats.saturated.isEmpty { object.set(["saturated"], .array(stats.saturated.map { .string($0) })) }
        return object.value
    }

    public static func value(_ change: FieldChange) -> JSONValue {
        .object([
            ("previous", json(change.previous)),
            ("seen_at", .string(change.seenAt.formatted(.iso8601))),
            ("delta", change.delta.map { .decimal($0) } ?? .null),
        ])
    }

    public static func error(_ error: MemberError) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(error.kind.rawValue))]
        if let source = error.source { members.append(("source", .string(source))) }
        if let field = error.field { members.append(("field", .string(field.description))) }
        if let url = error.url { members.append(("url", .string(url))) }
        if let status = error.status { members.append(("status", .int(status))) }
        members.append(("message", .string(error.message)))
        return .object(members)
    }

    /// A flat list's rows as compact JSON, written straight from their values: the
    /// bytes `.array` of `.object`s of `json(value)` would write, without building them
    /// (a member's rows are most of its record).
    static func writtenRows(_ rows: [ExtractedRecord.Row], names: [String]) -> JSONValue {
        guard !rows.isEmpty else { return .array([]) }
        let keys = names.map { name -> [UInt8] in
            var key = [UInt8]()
            JSONValue.writeString(name, to: &key)
            key.append(UInt8(ascii: ":"))
            return key
        }
        var out = [UInt8]()
        out.reserveCapacity(rows.count * 256)
        out.append(UInt8(ascii: "["))
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard !keys.isEmpty else {
                out += "{}".utf8
                continue
            }
            out.append(UInt8(ascii: "{"))
            for (position, (key, reading)) in zip(keys, row.readings(named: names)).enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out += key
                json(reading.value).write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return .written(out)
    }

    public static func json(_ value: FieldValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .text(let text): return .string(text)
        case .int(let number): return .int(number)
        case .decimal(let number): return .decimal(number)
        case .date(let date): return .string(date.description)
        }
    }

    public static func problem(_ problem: ExtractionProblem) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(problem.kind.rawValue))]
        if let field = problem.field { members.append(("field", .string(field.description))) }
        members.append(("source", .string(problem.source)))
        members.append(("page", .string(problem.origin)))
        members.append(("message", .string(problem.message)))
        return .object(members)
    }
}

/// Builds nested objects key path by key path, keeping first-seen order.
struct OrderedObject {
    private var members: [(String, Node)] = []

    private indirect enum Node {
        case leaf(JSONValue)
        case branch(OrderedObject)
    }

    /// A key's path: its parts between dots (most keys have none, and are their own path).
    static func path(_ key: String) -> [String] {
        key.utf8.contains(UInt8(ascii: ".")) ? key.split(separator: ".").map(String.init) : [key]
    }

    mutating func set(_ path: [String], _ value: JSONValue) {
        guard let head = path.first else { return }
        let index = members.firstIndex { $0.0 == head }
        if path.count == 1 {
            if let index { members[index].1 = .leaf(value) } else { members.append((head, .leaf(value))) }
            return
        }
        var child = OrderedObject()
        if let index, case .branch(let existing) = members[index].1 {
            // Taken out, so that adding to it does not copy it whole (once a key).
            members[index].1 = .leaf(.null)
            child = existing
        }
        child.set(Array(path.dropFirst()), value)
        if let index { members[index].1 = .branch(child) } else { members.append((head, .branch(child))) }
    }

    var value: JSONValue {
        .object(members.map { key, node in
            switch node {
            case .leaf(let value): return (key, value)
            case .branch(let object): return (key, object.value)
            }
        })
    }
}

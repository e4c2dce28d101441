import Packs

/// What the rules found in one member's pages: each value as it was read (its value
/// and, where the page showed it rounded, its step), by place.
public struct ExtractedRecord: Sendable, Equatable, Codable {
    /// Every field the pages could answer, by dotted name; null when nothing matched
    /// and the field has no default. Fields whose sources were not given are absent.
    public var fields: [String: FieldReading] = [:]
    /// Rows of each collection whose source was given, in page order.
    public var collections: [String: [Row]] = [:]
    public var problems: [ExtractionProblem] = []
    /// How each field read on these pages fared, in the pack's order: scalar fields
    /// first, then each collection's fields (counted over its rows). What drift
    /// summaries and `patterns check --live` are made from.
    public var outcomes: [FieldOutcome] = []
    /// The pack's statistics over the rows; nil when it declares none, or a
    /// collection they read was not read (its page missing).
    public var stats: Statistics?

    public init() {}

    /// True when a source's page said the member does not exist.
    public var isNotFound: Bool { problems.contains { $0.kind == .notFound } }

    /// The reading at `path`: a field, a row's cell (by its index), a statistic or a
    /// part of one; nil where the record has none.
    public subscript(path: FieldPath) -> FieldReading? {
        switch path {
        case .field(let name): return fields[name]
        case .cell(let list, .index(let index), let field):
            guard let rows = collections[list], rows.indices.contains(index) else { return nil }
            return rows[index][reading: field]
        case .stat(let name, let part): return stats?.reading(name, part: part)
        case .cell, .list, .rows: return nil
        }
    }

    /// The value of the field `name`; nil where the record has none.
    public func value(_ name: String) -> FieldValue? { fields[name]?.value }

    /// Every place whose value the page showed rounded, with its step, in the order of
    /// their texts: what JSON's `rounded` lists.
    public var roundedPlaces: [(path: FieldPath, step: Int)] {
        var found = [(path: FieldPath, step: Int)]()
        for (name, reading) in fields { if let step = reading.step { found.append((.field(name), step)) } }
        for (list, rows) in collections {
            for (index, row) in rows.enumerated() {
                for (field, reading) in row.namedReadings { if let step = reading.step { found.append((.cell(list: list, row: .index(index), field: field), step)) } }
            }
        }
        for (name, value) in stats?.values ?? [:] { if case .value(let reading) = value, let step = reading.step { found.append((.stat(name), step)) } }
        return found.sorted { $0.path < $1.path }
    }

    private enum CodingKeys: String, CodingKey {
        case fields, collections, problems, outcomes, stats
    }

    /// The fields as a table of one row, each list as a table of its rows (`ReadingTable`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let table = try container.decode(ReadingTable.self, forKey: .fields)
        guard table.rows.count <= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .fields, in: container, debugDescription: "the fields are one row, not \(table.rows.count)")
        }
        fields = Dictionary(zip(table.fields, table.rows.first ?? []), uniquingKeysWith: { _, last in last })
        for (name, list) in try container.decode([String: ReadingTable].self, forKey: .collections) {
            let names = RowNames(list.fields)
            collections[name] = list.rows.map { readings in
                var row = Row(names: names)
                row.readings = readings
                return row
            }
        }
        problems = try container.decodeIfPresent([ExtractionProblem].self, forKey: .problems) ?? []
        outcomes = try container.decodeIfPresent([FieldOutcome].self, forKey: .outcomes) ?? []
        stats = try container.decodeIfPresent(Statistics.self, forKey: .stats)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // A dictionary's keys and values come in the same order.
        try container.encode(ReadingTable(fields: Array(fields.keys), rows: [Array(fields.values)]), forKey: .fields)
        try container.encode(collections.mapValues { ReadingTable(rows: $0) }, forKey: .collections)
        if !problems.isEmpty { try container.encode(problems, forKey: .problems) }
        if !outcomes.isEmpty { try container.encode(outcomes, forKey: .outcomes) }
        try container.encodeIfPresent(stats, forKey: .stats)
    }
}

/// A field that could not be filled, or a page that says the member is not there.
public struct ExtractionProblem: Error, Sendable, Equatable, CustomStringConvertible, Codable {
    public enum Kind: String, Sendable, Codable {
        /// The source's `missing` pattern matched: no such member.
        case notFound = "not_found"
        /// A required field did not match, a value did not convert, or a pattern hit a limit.
        case extraction
        /// A value was found but cannot be held as its type (a number too large) or
        /// lies outside the range the pack gives: the page is as expected, the value is not.
        case unreadable
    }

    public let kind: Kind
    /// The value's place (`articles[3].views`: rows numbered from 0, as in JSON); nil
    /// for a problem of a whole page (not found).
    public let field: FieldPath?
    public let source: String
    /// File path or URL of the page.
    public let origin: String
    public let message: String

    public init(kind: Kind, field: FieldPath?, source: String, origin: String, message: String) {
        self.kind = kind
        self.field = field
        self.source = source
        self.origin = origin
        self.message = message
    }

    public var description: String {
        // A statistic's problem is the list's, not one page's.
        let place = origin.isEmpty ? "" : " (\(source) page \(origin))"
        if let field { return "\(field): \(message)\(place)" }
        return message + place
    }
}

/// How one field fared on one member's page: for a scalar field one of the counts
/// is 1; for a collection's field they count its rows.
public struct FieldOutcome: Sendable, Equatable, Codable {
    /// The field; a collection's field as every row's (`articles[].views`).
    public let field: FieldPath
    public internal(set) var source: String
    /// Found by a pattern.
    public var matched = 0
    /// Not found, in a part of the page that shows there is nothing (the default).
    public var defaulted = 0
    /// Not found where it was expected, or found but not as its type: null, with a problem.
    public var missing = 0
    /// Found, well formed, but too large for its type or outside the pack's range: null,
    /// with a problem; not counted as missing, since the markup is as the pack expects.
    public var unreadable = 0
    /// Not found where the page shows there is none (its `absent` sign, or its part
    /// without its `present` one), and no default: null, and no problem.
    public var absent = 0
    /// How many values each alternative found, by the alternative's position.
    public var byAlternative: [Int]

    public init(field: FieldPath, source: String, alternatives: Int) {
        self.field = field
        self.source = source
        byAlternative = Array(repeating: 0, count: alternatives)
    }

}

import Packs

/// What the rules found in one member's pages.
public struct ExtractedRecord: Sendable, Equatable, Codable {
    /// Every field the pages could answer, by dotted name; `.null` when nothing
    /// matched and the field has no default. Fields whose sources were not given
    /// are absent.
    public var fields: [String: FieldValue] = [:]
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
    /// Values a page shows rounded (`99.5k`, a `rounded` field), by place (`followers`,
    /// `communities[0].reputation`): the step each was rounded to (100). Nil: none.
    public var rounded: [String: Int]?

    public init() {}

    /// True when a source's page said the member does not exist.
    public var isNotFound: Bool { problems.contains { $0.kind == .notFound } }

    private enum CodingKeys: String, CodingKey {
        case fields, collections, problems, outcomes, stats, rounded
    }

    /// The fields coded as one string, as a row is (`Row.packed`): a checkpoint codes
    /// every member's record as the member finishes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let packed = try container.decode(String.self, forKey: .fields)
        guard let pairs = Row.unpacked(packed) else {
            throw DecodingError.dataCorruptedError(forKey: .fields, in: container, debugDescription: "the fields' names and values do not read")
        }
        fields = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        collections = try container.decode([String: [Row]].self, forKey: .collections)
        problems = try container.decode([ExtractionProblem].self, forKey: .problems)
        outcomes = try container.decode([FieldOutcome].self, forKey: .outcomes)
        stats = try container.decodeIfPresent(Statistics.self, forKey: .stats)
        rounded = try container.decodeIfPresent([String: Int].self, forKey: .rounded)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Row.packed(fields.lazy.map { ($0.key, $0.value) }), forKey: .fields)
        try container.encode(collections, forKey: .collections)
        try container.encode(problems, forKey: .problems)
        try container.encode(outcomes, forKey: .outcomes)
        try container.encodeIfPresent(stats, forKey: .stats)
        try container.encodeIfPresent(rounded, forKey: .rounded)
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
    /// Dotted field name; collection fields read `articles[3].views` (rows numbered from 0, as in JSON). Nil for not-found.
    public let field: String?
    public let source: String
    /// File path or URL of the page.
    public let origin: String
    public let message: String

    public init(kind: Kind, field: String?, source: String, origin: String, message: String) {
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
    /// Dotted field name; a collection's fields read `articles[].views`.
    public let field: String
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

    public init(field: String, source: String, alternatives: Int) {
        self.field = field
        self.source = source
        byAlternative = Array(repeating: 0, count: alternatives)
    }

    /// The 1-based alternative that found the value, for a scalar field that matched.
    public var matchedAlternative: Int? {
        byAlternative.firstIndex { $0 > 0 }.map { $0 + 1 }
    }
}

/// What the rules found in one member's pages.
public struct ExtractedRecord: Sendable, Equatable {
    /// Every field the pages could answer, by dotted name; `.null` when nothing
    /// matched and the field has no default. Fields whose sources were not given
    /// are absent.
    public var fields: [String: FieldValue] = [:]
    /// Rows of each collection whose source was given, in page order.
    public var collections: [String: [Row]] = [:]
    public var problems: [ExtractionProblem] = []

    public init() {}

    /// True when a source's page said the member does not exist.
    public var isNotFound: Bool { problems.contains { $0.kind == .notFound } }
}

/// A field that could not be filled, or a page that says the member is not there.
public struct ExtractionProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The source's `missing` pattern matched: no such member.
        case notFound = "not_found"
        /// A required field did not match, a value did not convert, or a pattern hit a limit.
        case extraction
    }

    public let kind: Kind
    /// Dotted field name; collection fields read `articles[3].views`. Nil for not-found.
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
        if let field { return "\(field): \(message) (\(source) page \(origin))" }
        return "\(message) (\(source) page \(origin))"
    }
}

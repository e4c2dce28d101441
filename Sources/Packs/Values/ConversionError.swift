/// A capture its type cannot read: what was captured and what the type expected.
/// One reference wide (its parts in `Parts`), so the result every value is read into
/// stays small: the extractor copies one for every value of every row.
public struct ConversionError: Error, Sendable, Equatable {
    private final class Parts: Sendable {
        let raw: String
        let expected: String
        let listed: [String]?
        let limit: String?

        init(raw: String, expected: String, listed: [String]? = nil, limit: String? = nil) {
            self.raw = raw
            self.expected = expected
            self.listed = listed
            self.limit = limit
        }
    }

    private let parts: Parts

    public var raw: String { parts.raw }
    public var expected: String { parts.expected }
    /// For a field with a `map`: its keys, none of which the capture was.
    public var listed: [String]? { parts.listed }
    /// A well-formed number too large for its type: the page's value, unreadable here,
    /// not a sign that the markup changed.
    public var tooLarge: Bool { parts.limit != nil }

    public init(raw: String, expected: String) {
        parts = Parts(raw: raw, expected: expected)
    }

    init(raw: String, unlistedIn keys: [String]) {
        parts = Parts(raw: raw, expected: "listed in the field's map", listed: keys)
    }

    private init(raw: String, expected: String, limit: String) {
        parts = Parts(raw: raw, expected: expected, limit: limit)
    }

    /// A number with more digits than `expected` can hold.
    static func tooLarge(_ raw: String, for expected: String, limit: String) -> ConversionError {
        ConversionError(raw: raw, expected: expected, limit: limit)
    }

    public static func == (lhs: ConversionError, rhs: ConversionError) -> Bool {
        lhs.raw == rhs.raw && lhs.expected == rhs.expected && lhs.listed == rhs.listed && lhs.parts.limit == rhs.parts.limit
    }

    public var message: String {
        if let limit = parts.limit {
            let shown = raw.count > 60 ? String(raw.prefix(57)) + "..." : raw
            return "captured \"\(shown)\", a number too large for \(expected) (\(limit)); the page's value is not read"
        }
        if let listed {
            return "captured \"\(raw)\", which the field's map does not list (it lists \(listed.joined(separator: ", ")))"
        }
        let shown = raw.count > 60 ? String(raw.prefix(57)) + "..." : raw
        return "captured \"\(shown)\", which is not \(expected)"
    }
}

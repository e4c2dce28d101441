public struct ConversionError: Error, Sendable, Equatable {
    public var raw: String
    public var expected: String
    /// For a field with a `map`: its keys, none of which the capture was.
    public var listed: [String]?
    /// A well-formed number too large for its type: the page's value, unreadable here,
    /// not a sign that the markup changed.
    public var tooLarge = false

    public init(raw: String, expected: String) {
        self.raw = raw
        self.expected = expected
    }

    init(raw: String, unlistedIn keys: [String]) {
        self.raw = raw
        expected = "listed in the field's map"
        listed = keys
    }

    /// A number with more digits than `expected` can hold.
    static func tooLarge(_ raw: String, for expected: String, limit: String) -> ConversionError {
        var error = ConversionError(raw: raw, expected: expected)
        error.tooLarge = true
        error.limit = limit
        return error
    }

    private var limit = ""

    public var message: String {
        if tooLarge {
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


import PageText

/// A span in words (`10 years, 3 months`, `2 days`), kept as ISO 8601 (`P10Y3M`) and
/// read out in words again in tables and reports.
public enum DurationType: WrittenTextKind {
    public static var name: String { "duration" }
    public static var traits: FieldTraits { [] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string",
                   pattern: "^P(?!$)([0-9]+Y)?([0-9]+M)?([0-9]+W)?([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+S)?)?$")
    }

    public static func written(_ text: String) -> String? { RelativeTime.span(text)?.iso }
    public static var expected: String { "a span such as 10 years, 3 months" }

    /// `P13Y7M` as "13 years, 7 months"; text that is no span, unchanged.
    public static func spoken(_ value: FieldValue) -> FieldValue {
        guard case .text(let iso) = value, let span = RelativeTime.Span(iso: iso) else { return value }
        return .text(span.words)
    }
}

extension FieldType {
    public static let duration = FieldType(DurationType.self)
}

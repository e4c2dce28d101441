import PageText

/// A month without its day (`Apr 2017`, `2017-04`), as `YYYY-MM` text.
public enum MonthType: WrittenTextKind {
    public static var name: String { "month" }
    public static var traits: FieldTraits { [.ordered] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string", pattern: "^[0-9]{4}-[0-9]{2}$")
    }
    public static var suggestedCaptures: [String] {
        ["([a-z]{3,9}\\.?(?:\\s|&nbsp;)+\\d{4}|\\d{4}-\\d{2})"]
    }

    public static func written(_ text: String) -> String? { DateText.yearMonth(text) }
    public static var expected: String { "a month such as Apr 2017" }
}

extension FieldType {
    public static let month = FieldType(MonthType.self)
}

import PageText

/// A day and its clock time (`Feb 17, 2009 02:05`, `Mon Feb 16, 2009 3:45 pm`,
/// `2011-12-03 20:07:05Z`), as ISO 8601 text (`2009-02-17T02:05`): a forum's "Last
/// post", which `date` would cut to its day. A zone only where the page writes one.
public enum DateTimeType: WrittenTextKind {
    public static var name: String { "datetime" }
    public static var traits: FieldTraits { [.ordered] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})?$")
    }

    public static func written(_ text: String) -> String? { DayAndTime.iso(text) }
    public static var expected: String { "a day and its time such as Feb 17, 2009 02:05" }
}

extension FieldType {
    public static let datetime = FieldType(DateTimeType.self)
}

import PageText

/// A month without its day (`Apr 2017`, `2017-04`), as `YYYY-MM` text.
public enum MonthType: FieldKind {
    public static var name: String { "month" }
    public static var traits: FieldTraits { [.ordered] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string", pattern: "^[0-9]{4}-[0-9]{2}$")
    }
    public static var suggestedCaptures: [String] {
        ["([a-z]{3,9}\\.?(?:\\s|&nbsp;)+\\d{4}|\\d{4}-\\d{2})"]
    }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        let raw = text(raw)
        guard let month = DateText.yearMonth(HTMLText.plain(raw)) else {
            return .failure(ConversionError(raw: raw, expected: "a month such as Apr 2017"))
        }
        return .success(FieldReading(.text(month)))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting, let month = DateText.yearMonth(text) else { return nil }
        return .text(month)
    }
}

extension FieldType {
    public static let month = FieldType(MonthType.self)
}

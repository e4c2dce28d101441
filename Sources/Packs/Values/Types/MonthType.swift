import PageText

/// A month without its day (`Apr 2017`, `2017-04`), as `YYYY-MM` text.
public struct MonthType: FieldKind {
    public let name = "month"
    public let traits: FieldTraits = [.ordered]
    public let schema = SchemaForm(jsonType: "string", pattern: "^[0-9]{4}-[0-9]{2}$")
    public let suggestedCaptures = ["([a-z]{3,9}\\.?(?:\\s|&nbsp;)+\\d{4}|\\d{4}-\\d{2})"]

    public func read(_ raw: UnsafeBufferPointer<UInt8>, context: ReadingContext) -> Result<FieldReading, ConversionError> {
        let raw = text(raw)
        guard let month = DateText.yearMonth(HTMLText.plain(raw)) else {
            return .failure(ConversionError(raw: raw, expected: "a month such as Apr 2017"))
        }
        return .success(FieldReading(.text(month)))
    }

    public func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting, let month = DateText.yearMonth(text) else { return nil }
        return .text(month)
    }
}

extension FieldType {
    public static let month = FieldType(MonthType())
}

import PageText

/// A span in words (`10 years, 3 months`, `2 days`), kept as ISO 8601 (`P10Y3M`) and
/// read out in words again in tables and reports.
public enum DurationType: FieldKind {
    public static var name: String { "duration" }
    public static var traits: FieldTraits { [] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string",
                   pattern: "^P(?!$)([0-9]+Y)?([0-9]+M)?([0-9]+W)?([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+S)?)?$")
    }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        let raw = text(raw)
        guard let span = RelativeTime.span(HTMLText.plain(raw)) else {
            return .failure(ConversionError(raw: raw, expected: "a span such as 10 years, 3 months"))
        }
        return .success(FieldReading(.text(span.iso)))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting, let span = RelativeTime.span(text) else { return nil }
        return .text(span.iso)
    }

    /// `P13Y7M` as "13 years, 7 months"; text that is no span, unchanged.
    public static func spoken(_ value: FieldValue) -> FieldValue {
        guard case .text(let iso) = value, let span = RelativeTime.Span(iso: iso) else { return value }
        return .text(span.words)
    }
}

extension FieldType {
    public static let duration = FieldType(DurationType.self)
}

import PageText

/// Text as a person reads it: tags stripped, HTML entities decoded, white space collapsed.
public enum TextType: FieldKind {
    public static var name: String { "text" }
    public static var traits: FieldTraits { [.naming] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string")
    }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        .success(FieldReading(.text(HTMLText.plain(raw))))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting else { return nil }
        return .text(text)
    }
}

extension FieldType {
    public static let text = FieldType(TextType.self)
}

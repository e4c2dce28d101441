import PageText

/// Text as a person reads it: tags stripped, HTML entities decoded, white space collapsed.
public struct TextType: FieldKind {
    public let name = "text"
    public let traits: FieldTraits = []
    public let schema = SchemaForm(jsonType: "string")

    public func read(_ raw: UnsafeBufferPointer<UInt8>, context: ReadingContext) -> Result<FieldReading, ConversionError> {
        .success(FieldReading(.text(HTMLText.plain(raw))))
    }

    public func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting else { return nil }
        return .text(text)
    }
}

extension FieldType {
    public static let text = FieldType(TextType())
}

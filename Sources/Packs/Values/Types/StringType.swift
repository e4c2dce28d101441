/// The captured text exactly as it stands in the page: markup and references kept.
public enum StringType: FieldKind {
    public static var name: String { "string" }
    public static var traits: FieldTraits { [] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string")
    }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        .success(FieldReading(.text(text(raw))))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting else { return nil }
        return .text(text)
    }
}

extension FieldType {
    public static let string = FieldType(StringType.self)
}

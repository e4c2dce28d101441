/// The captured text exactly as it stands in the page: markup and references kept.
public struct StringType: FieldKind {
    public let name = "string"
    public let traits: FieldTraits = []
    public let schema = SchemaForm(jsonType: "string")

    public func read(_ raw: UnsafeBufferPointer<UInt8>, context: ReadingContext) -> Result<FieldReading, ConversionError> {
        .success(FieldReading(.text(text(raw))))
    }

    public func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting else { return nil }
        return .text(text)
    }
}

extension FieldType {
    public static let string = FieldType(StringType())
}

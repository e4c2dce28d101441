/// An integer, its thousands separators (`,`, spaces, `'`) removed: `1,204` is 1204.
public struct IntType: FieldKind {
    public let name = "int"
    public let traits: FieldTraits = [.number, .ordered]
    public let schema = SchemaForm(jsonType: "integer")
    public let writtenForms = [WrittenForm(sample: "1,204", needs: "thousands separators")]
    public let suggestedCaptures = ["(-?\\d[\\d,]*(?:(?:\\s|&nbsp;|&#160;)\\d{3}(?![\\d,]))*)"]
    public let capturesAsText = false

    public func read(_ raw: UnsafeBufferPointer<UInt8>, context: ReadingContext) -> Result<FieldReading, ConversionError> {
        // The usual form read straight off the bytes; anything else by way of a String.
        if let value = Numeral(raw)?.integer { return .success(FieldReading(.int(value))) }
        let raw = text(raw)
        let cleaned = Numeral.cleaned(raw)
        guard let value = Numeral.integer(cleaned) else {
            if case .long = Numeral.read(cleaned: cleaned), !cleaned.contains(".") {
                return .failure(.tooLarge(raw, for: "an integer", limit: "at most 19 digits, up to \(Int.max)"))
            }
            return .failure(ConversionError(raw: raw, expected: "an integer"))
        }
        return .success(FieldReading(.int(value)))
    }

    public func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .int(let number) = setting else { return nil }
        return .int(number)
    }

    /// Its digits with a separator allowed between any two (`1204873`, `1,204,873`,
    /// `1&nbsp;204&nbsp;873`), and no digit on either side.
    public func pattern(finding shown: String) -> String? {
        let digits = shown.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        return "(?<![\\d.,])" + digits.map(String.init).joined(separator: Numeral.separatorPattern) + "(?![\\d]|[.,]\\d)"
    }
}

extension FieldType {
    public static let int = FieldType(IntType())
}

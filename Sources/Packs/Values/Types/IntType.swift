/// An integer, its thousands separators (`,`, spaces, `'`) removed: `1,204` is 1204.
public enum IntType: FieldKind {
    public static var name: String { "int" }
    public static var traits: FieldTraits { [.number, .ordered] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "integer")
    }
    public static var writtenForms: [WrittenForm] {
        [WrittenForm(sample: "1,204", needs: "thousands separators")]
    }
    public static var suggestedCaptures: [String] {
        // A plus sign before the number is read past: `+3` is 3. Never the head of a
        // longer number: not `8` of `8.2k` or of `8.25`, nor `12` of `12k`; nor a bound
        // for the number (`500+`: more than 500).
        [Numeral.notATail + "\\+?(" + Numeral.minusPattern + "?\\d[\\d,]*(?:" + Numeral.spacePattern + "\\d{3}(?![\\d,]))*)(?![\\d+]|[.,]\\d|[kmb](?![a-z]))"]
    }
    public static var capturesAsText: Bool { false }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
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

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .int(let number) = setting else { return nil }
        return .int(number)
    }

    /// Its digits with a separator allowed between any two (`1204873`, `1,204,873`,
    /// `1&nbsp;204&nbsp;873`), its minus, and no digit on either side.
    public static func pattern(finding shown: String) -> String? {
        let digits = shown.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        // A minus is the number's own, as the page writes it (`-3`, `−3`, `&minus;3`).
        let minus = shown.drop { $0.isWhitespace }.first.map { $0 == "-" || $0 == "\u{2212}" } == true ? Numeral.minusPattern : ""
        return "(?<![\\d.,])" + minus + digits.map(String.init).joined(separator: Numeral.separatorPattern) + "(?![\\d]|[.,]\\d)"
    }
}

extension FieldType {
    public static let int = FieldType(IntType.self)
}

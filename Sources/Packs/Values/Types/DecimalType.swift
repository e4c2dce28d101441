import Foundation

/// A decimal number, its thousands separators removed; kept as `Decimal`, so `4.66`
/// stays `4.66`.
public enum DecimalType: FieldKind {
    public static var name: String { "decimal" }
    public static var traits: FieldTraits { [.number, .ordered] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "number")
    }
    public static var writtenForms: [WrittenForm] {
        [WrittenForm(sample: "4.66", needs: "a decimal point")]
    }
    public static var suggestedCaptures: [String] {
        [Numeral.notATail + "\\+?(" + Numeral.minusPattern + "?\\d[\\d,]*(?:\\.\\d+)?)(?![\\d+]|[.,]\\d)"]
    }
    public static var capturesAsText: Bool { false }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        if let value = Numeral(raw)?.decimal { return .success(FieldReading(.decimal(value))) }
        let raw = text(raw)
        let cleaned = Numeral.cleaned(raw)
        if case .long = Numeral.read(cleaned: cleaned), cleaned.filter(\.isNumber).count > Numeral.decimalDigits {
            return .failure(.tooLarge(raw, for: "a decimal number", limit: "at most \(Numeral.decimalDigits) digits"))
        }
        guard let value = Numeral.decimal(cleaned) else {
            return .failure(ConversionError(raw: raw, expected: "a decimal number"))
        }
        return .success(FieldReading(.decimal(value)))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        switch setting {
        case .int(let number): return .decimal(Decimal(number))
        case .double(let number): return Decimal(string: String(number)).map(FieldValue.decimal)
        case .string: return nil
        }
    }

    /// As written, trailing zeros allowed (`4.6` finds `4.60`).
    public static func pattern(finding shown: String) -> String? {
        guard !shown.isEmpty else { return nil }
        return "(?<![\\d.])" + NSRegularExpression.escapedPattern(for: shown) + "0*(?![\\d])"
    }
}

extension FieldType {
    public static let decimal = FieldType(DecimalType.self)
}

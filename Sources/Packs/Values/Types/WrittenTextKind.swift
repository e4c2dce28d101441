import PageText

/// A type whose value is its capture's text written one standard way (a month as
/// `2017-04`, a span as `P10Y3M`, a day and time as `2009-02-17T02:05`): it says only
/// how to write it and what it expects; reading a capture and a pack's default follow.
public protocol WrittenTextKind: FieldKind {
    /// The standard form of `text`, a plain text (tags gone, entities decoded); nil
    /// where it is none.
    static func written(_ text: String) -> String?
    /// What a capture should have held, for its error: "a month such as Apr 2017".
    static var expected: String { get }
}

extension WrittenTextKind {
    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        let raw = text(raw)
        guard let written = written(HTMLText.plain(raw)) else { return .failure(ConversionError(raw: raw, expected: expected)) }
        return .success(FieldReading(.text(written)))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting, let written = written(text) else { return nil }
        return .text(written)
    }
}

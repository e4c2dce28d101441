import Foundation
import PageText

/// A day in any of the usual written forms (`12 Mar 2012`, `Mar 12, 2012`,
/// `2012-03-12`, `3 days ago` counted back from the page's time), as ISO 8601.
public enum DateType: FieldKind {
    public static var name: String { "date" }
    public static var traits: FieldTraits { [.ordered, .dated] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
    }
    public static var suggestedCaptures: [String] {
        ["(\\d{1,2}(?:\\s|&nbsp;)+[a-z]{3,9}\\.?,?(?:\\s|&nbsp;)+\\d{4}|[a-z]{3,9}\\.?(?:\\s|&nbsp;)+\\d{1,2},?(?:\\s|&nbsp;)+\\d{4}|\\d{4}-\\d{2}-\\d{2})"]
    }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        if let date = DateText.dayMonthYear(raw) { return .success(FieldReading(.date(date))) }
        let raw = text(raw)
        let text = HTMLText.plain(raw)
        if let date = DateText.parse(text, century: dates.century) { return .success(FieldReading(.date(date))) }
        if let now = dates.now, let date = RelativeTime.day(text, before: now) { return .success(FieldReading(.date(date))) }
        if dates.now == nil, RelativeTime.day(text, before: Date(timeIntervalSince1970: 0)) != nil {
            return .failure(ConversionError(raw: raw, expected: "a day here: it counts back from when the page was served, which is not known "
                                            + "(a saved page: give its source a time pattern in the pack)"))
        }
        return .failure(ConversionError(raw: raw, expected: "a date such as 12 Mar 2012 or 2 days ago"))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting, let date = DateText.parse(text) else { return nil }
        return .date(date)
    }
}

extension FieldType {
    public static let date = FieldType(DateType.self)
}

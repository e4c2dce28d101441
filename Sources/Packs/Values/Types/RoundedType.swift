import Foundation
import PageText

/// A count as pages show it rounded (`99.5k`, `1k`, `2.2m`, `1,2k`) or exact
/// (`1,103`): an integer (99,500), and the step it was rounded to (100), which every
/// export keeps beside it (`RoundedNumber`).
public enum RoundedType: FieldKind {
    public static var name: String { "rounded" }
    public static var traits: FieldTraits { [.number, .ordered, .mayBeRounded] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "integer",
                   description: "A count as the page shows it, perhaps rounded (99.5k is 99500); `rounded` gives the step of each rounded value.")
    }
    public static var writtenForms: [WrittenForm] {
        [WrittenForm(sample: "13.5k", needs: "a rounded count with its point and unit"),
         WrittenForm(sample: "2.2m", needs: "a rounded count in millions"),
         WrittenForm(sample: "1,103", needs: "thousands separators")]
    }
    /// Every form the type reads ("1,103", "13.5k", "2.2m", "12.3 K", "-12") and every
    /// one an int reads ("+3", "12 345"), so that a count learned from pages that show it
    /// exactly also reads a bigger member's "6.2k"; a point only before a unit, as an int
    /// never reads the head of "1.11 posts"; the words after it stay out.
    public static var suggestedCaptures: [String] {
        let unit = "(?:\\s|&nbsp;)?[kmb](?![a-z])"
        return [Numeral.notATail + "\\+?(" + Numeral.minusPattern + "?\\d[\\d,]*(?:" + Numeral.spacePattern + "\\d{3}(?![\\d,]))*(?:(?:[.,]\\d{1,3})?"
            + unit + ")?)(?![\\d+]|[.,]\\d|" + unit + ")"]
    }
    public static var capturesAsText: Bool { false }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        switch RoundedNumber.read(HTMLText.plain(raw)) {
        case .success(let number): return .success(FieldReading(.int(number.value), step: number.step > 1 ? number.step : nil))
        case .failure(.tooLarge): return .failure(.tooLarge(text(raw), for: "an integer", limit: "up to \(Int.max)"))
        case .failure(.notANumber): return .failure(ConversionError(raw: text(raw), expected: "a number such as 1,103, 99.5k or 2.2m"))
        }
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .int(let number) = setting else { return nil }
        return .int(number)
    }

    /// As written ("12.3k" in "12.3k views"), its unit in either case.
    public static func pattern(finding shown: String) -> String? {
        guard !shown.isEmpty else { return nil }
        let unit = shown.last.flatMap { "kKmMbB".contains($0) ? String($0) : nil } ?? ""
        // Written exactly, it is found as an int is, however the page groups it.
        guard !unit.isEmpty else { return IntType.pattern(finding: shown) }
        let number = String(shown.dropLast())
        let unitPattern = "(?:\\s|&nbsp;)?[\(unit.lowercased())\(unit.uppercased())]"
        return "(?<![\\d.,])" + NSRegularExpression.escapedPattern(for: number.trimmingCharacters(in: .whitespaces)) + unitPattern + "(?![\\d\\w])"
    }
}

extension FieldType {
    public static let rounded = FieldType(RoundedType.self)
}

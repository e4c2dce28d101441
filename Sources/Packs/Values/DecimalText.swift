import Foundation

/// Decimals to and from text: read as machines write them, written to a fixed number
/// of places (`fixed`); elsewhere written as `Decimal` describes itself.
public enum DecimalText {
    /// A decimal written as machines write one (`4.66`, `-1e3`), read with the POSIX
    /// locale (a point, never a comma), whatever the user's locale; nil for no number.
    /// `Decimal(string:)` reads a prefix: callers that need the whole text a number check it.
    public static func decimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: posix)
    }

    /// Made once: a `Locale` costs more than the number it reads.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A decimal with a fixed number of places, rounded half away from zero (`4.70`).
    public static func fixed(_ number: Decimal, places: Int) -> String {
        var value = number, rounded = Decimal()
        NSDecimalRound(&rounded, &value, places, .plain)
        let text = NSDecimalNumber(decimal: rounded).stringValue
        guard places > 0 else { return text }
        guard let dot = text.firstIndex(of: ".") else { return text + "." + String(repeating: "0", count: places) }
        return text + String(repeating: "0", count: max(0, places - (text.distance(from: dot, to: text.endIndex) - 1)))
    }
}

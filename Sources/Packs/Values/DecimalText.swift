import Foundation

/// Decimals to and from text: read as machines write them, written as `Decimal`
/// describes itself (`plain`) or to a fixed number of places (`fixed`).
public enum DecimalText {
    /// A decimal written as machines write one (`4.66`, `-1e3`), read with the POSIX
    /// locale (a point, never a comma), whatever the user's locale; nil unless the whole
    /// text is the number: `Decimal(string:)` reads a prefix ("4.4.2" as 4.4, "-" as 0).
    public static func decimal(_ text: String) -> Decimal? {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard text.utf8.contains(where: digits.contains), text.utf8.allSatisfy({ digits.contains($0) || "+-.eE".utf8.contains($0) }) else { return nil }
        let scanner = Scanner(string: text)
        scanner.locale = posix
        guard let number = scanner.scanDecimal(), scanner.isAtEnd else { return nil }
        return number
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

extension DecimalText {
    /// `number.description`, the same text, several times as fast for the numbers
    /// pages show (significands below 9×10^17, exponents within ±18): a batch writes
    /// every rating and score twice (the output and the checkpoint), and `Decimal`'s
    /// own description divides its 128-bit mantissa by ten once a digit.
    public static func plain(_ number: Decimal) -> String {
        guard let parts = parts(number), parts.significand > 0 else { return number.description }
        // Built as bytes: inserting the point into a String costs more than the rest.
        var text = Array(String(parts.significand).utf8)
        if parts.exponent > 0 {
            text += repeatElement(UInt8(ascii: "0"), count: parts.exponent)
        } else if parts.exponent < 0 {
            let places = -parts.exponent
            // At least one digit before the point: 0.005, not .005.
            if text.count <= places { text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: places + 1 - text.count), at: 0) }
            text.insert(UInt8(ascii: "."), at: text.count - places)
        }
        if parts.negative { text.insert(UInt8(ascii: "-"), at: 0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// A decimal as `significand × 10^exponent` in machine integers, for the numbers
    /// pages show (significands below 9×10^17, exponents within ±18); nil for zero,
    /// NaN and the rest. Cheap next to `Decimal`'s own arithmetic, which works on a
    /// 128-bit mantissa sixteen bits at a time.
    public static func parts(_ number: Decimal) -> (negative: Bool, significand: Int, exponent: Int)? {
        let exponent = number.exponent
        guard !number.isZero, !number.isNaN, (-18...18).contains(exponent) else { return nil }
        // The significand's double is a cheap bound (comparing Decimals costs more than
        // the rest): below 9e17 the significand fits the integer it is read into.
        let significand = NSDecimalNumber(decimal: number.significand)
        guard significand.doubleValue < 9e17 else { return nil }
        return (number.sign == .minus, Int(significand.uint64Value), exponent)
    }
}

import Foundation

/// A decimal with a fixed number of places, rounded half away from zero (`4.70`).
public enum DecimalText {
    public static func fixed(_ number: Decimal, places: Int) -> String {
        var value = number, rounded = Decimal()
        NSDecimalRound(&rounded, &value, places, .plain)
        let text = NSDecimalNumber(decimal: rounded).stringValue
        guard places > 0 else { return text }
        guard let dot = text.firstIndex(of: ".") else { return text + "." + String(repeating: "0", count: places) }
        return text + String(repeating: "0", count: max(0, places - (text.distance(from: dot, to: text.endIndex) - 1)))
    }
}

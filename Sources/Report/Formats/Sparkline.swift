import Foundation
import Packs

/// A trend in one line of text: `▁▂▃▅▇`, or `_.-=*#` where the terminal cannot show
/// block characters (`TERM=dumb`). An unknown value is a gap, never the bottom.
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let plain: [Character] = ["_", ".", "-", "~", "=", "+", "*", "#"]
    /// More points than this are thinned, each character standing for the last value of
    /// its share of the points (what was seen at the end of that stretch).
    public static let widest = 40

    public static func line(_ values: [Double?], ascii: Bool) -> String {
        let levels = ascii ? plain : blocks
        let shown = thinned(values)
        let known = shown.compactMap { $0 }
        guard let low = known.min(), let high = known.max() else { return String(repeating: " ", count: shown.count) }
        return String(shown.map { value -> Character in
            guard let value else { return " " }
            // A flat series sits in the middle: neither the floor nor the ceiling.
            guard high > low else { return levels[levels.count / 2] }
            let position = Int(((value - low) / (high - low) * Double(levels.count - 1)).rounded())
            return levels[min(levels.count - 1, max(0, position))]
        })
    }

    static func thinned(_ values: [Double?]) -> [Double?] {
        guard values.count > widest else { return values }
        return (0..<widest).map { bucket in values[min(values.count - 1, (bucket + 1) * values.count / widest - 1)] }
    }

    /// A field value as a number to draw; nil for anything else (unknown, text).
    public static func number(_ value: FieldValue?) -> Double? {
        switch value {
        case .int(let number)?: return Double(number)
        case .decimal(let number)?: return NSDecimalNumber(decimal: number).doubleValue
        default: return nil
        }
    }
}

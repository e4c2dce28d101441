import Foundation

/// A count as pages show it rounded: `99.5k`, `1k`, `2.2m`, `314K`, `1,2k` (a decimal
/// comma), or exact (`229`, `1,103`). The value is the number the page stands for
/// (99,500) and the step it was rounded to (100): the page says no more than that.
public struct RoundedNumber: Sendable, Equatable {
    public let value: Int
    /// 1 for an exact number; 100 for `99.5k`, 1000 for `1k`, 100,000 for `2.2m`.
    public let step: Int

    /// Why text is not a rounded number.
    public enum Failure: Error, Equatable {
        case notANumber
        /// Beyond what an integer holds.
        case tooLarge
    }

    public init(value: Int, step: Int) {
        self.value = value
        self.step = max(1, step)
    }

    private static let units: [Character: Int] = ["k": 1_000, "m": 1_000_000, "b": 1_000_000_000]

    public static func read(_ text: String) -> Result<RoundedNumber, Failure> {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var unit = 1
        if let last = text.last?.lowercased().first, let multiplier = units[last] {
            unit = multiplier
            text.removeLast()
            text = text.trimmingCharacters(in: .whitespaces)
        }
        let negative = text.hasPrefix("-") || text.hasPrefix("\u{2212}")
        if negative || text.hasPrefix("+") { text.removeFirst() }
        var whole = text, fraction = ""
        // With a unit, one separator followed by 1 or 2 digits is a decimal point ("1,2k",
        // "99.5k"); without, "." is a decimal point and "," groups thousands ("1,103").
        if let separator = text.lastIndex(where: { $0 == "." || ($0 == "," && unit > 1) }) {
            let after = text[text.index(after: separator)...]
            if text[separator] == "." || (1...2).contains(after.count) {
                whole = String(text[..<separator])
                fraction = String(after)
            }
        }
        guard Numeral.isGrouped(whole) else { return .failure(.notANumber) }
        whole.unicodeScalars.removeAll { Numeral.groupMarkScalars.contains($0) }
        guard !whole.isEmpty || !fraction.isEmpty, (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber }) else { return .failure(.notANumber) }
        // An exact number cannot have a fraction: "4.5" is no count.
        guard unit > 1 || fraction.isEmpty, fraction.count <= 3 else { return .failure(.notANumber) }
        var scale = 1
        for _ in fraction { scale *= 10 }
        guard unit % scale == 0, whole.count <= 18, let wholePart = Int(whole.isEmpty ? "0" : whole), let fractionPart = Int(fraction.isEmpty ? "0" : fraction) else {
            return whole.count > 18 ? .failure(.tooLarge) : .failure(.notANumber)
        }
        let step = unit / scale
        let (scaled, overflow) = wholePart.multipliedReportingOverflow(by: unit)
        let (sum, overflowAgain) = scaled.addingReportingOverflow(fractionPart * step)
        guard !overflow, !overflowAgain else { return .failure(.tooLarge) }
        return .success(RoundedNumber(value: negative ? -sum : sum, step: step))
    }

    /// As a page would show it: `99.5k`, `1k`, `2.2m`; an exact number grouped (`1,103`).
    public var shown: String {
        guard step > 1 else { return RoundedNumber.grouped(value) }
        for (suffix, unit) in [("b", 1_000_000_000), ("m", 1_000_000), ("k", 1_000)] where unit >= step && unit % step == 0 && value.magnitude >= UInt(unit) {
            let places = String(unit / step).count - 1
            let number = Decimal(value) / Decimal(unit)
            return DecimalText.fixed(number, places: places) + suffix
        }
        return RoundedNumber.grouped(value)
    }

    /// `1,204,873`: thousands separated by commas, as people read counts.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return number < 0 ? "-" + out : out
    }
}

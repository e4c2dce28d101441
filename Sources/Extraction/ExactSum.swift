import Foundation
import Packs

/// An exact running sum of a list's numbers, as `Decimal` would add them, at a
/// fraction of the cost: whole numbers in an Int while they fit; a page's decimals
/// (a rating's two places, a score's one) as an Int of their smallest unit while they
/// fit; anything else in a Decimal. `Decimal` keeps its values compacted (4.50 is
/// 4.5), so the sum is the same number written the same way, whichever part held it.
struct ExactSum {
    private var whole = 0
    /// The decimals so far: `scaled × 10^scale`.
    private var scaled = 0
    private var scale = 0
    private var rest = Decimal(0)

    mutating func add(_ value: FieldValue) {
        switch value {
        case .int(let number):
            let (next, overflow) = whole.addingReportingOverflow(number)
            if overflow { rest += Decimal(number) } else { whole = next }
        case .decimal(let number):
            add(number, times: 1)
        default:
            break
        }
    }

    /// Adds `number × times`.
    mutating func add(_ number: Decimal, times: Int) {
        if let parts = DecimalText.parts(number) {
            let (product, overflow) = parts.significand.multipliedReportingOverflow(by: times)
            if !overflow, addScaled(parts.negative ? -product : product, exponent: parts.exponent) { return }
        }
        rest += times == 1 ? number : number * Decimal(times)
    }

    /// False, the sum unchanged, when the scaled part would overflow.
    private mutating func addScaled(_ significand: Int, exponent: Int) -> Bool {
        if exponent >= scale {
            guard let aligned = ExactSum.times10(significand, exponent - scale) else { return false }
            let (next, overflow) = scaled.addingReportingOverflow(aligned)
            guard !overflow else { return false }
            scaled = next
        } else {
            guard let widened = ExactSum.times10(scaled, scale - exponent) else { return false }
            let (next, overflow) = widened.addingReportingOverflow(significand)
            guard !overflow else { return false }
            scaled = next
            scale = exponent
        }
        return true
    }

    private static let powers: [Int] = (0...18).map { power in (0..<power).reduce(1) { product, _ in product * 10 } }

    private static func times10(_ number: Int, _ power: Int) -> Int? {
        guard power >= 0 else { return nil }
        guard power > 0 else { return number }
        guard power < powers.count else { return number == 0 ? 0 : nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: powers[power])
        return overflow ? nil : product
    }

    /// The decimals' sum, then the whole numbers: grouped as the statistics always
    /// added them, so that a sum past Decimal's 38 digits rounds where it did.
    var value: Decimal {
        var decimals = rest
        if scaled != 0 {
            decimals += Decimal(sign: scaled < 0 ? .minus : .plus, exponent: scale, significand: Decimal(scaled.magnitude))
        }
        return decimals + Decimal(whole)
    }
}

import Foundation

/// One statistic a pack declares (`[stats.total_views]`): a figure computed from a
/// member's rows, never scraped, so it agrees with the rows shown beside it.
public struct StatRule: Sendable {
    public enum Operation: String, Sendable, CaseIterable {
        /// How many rows (`of = "articles"`), or how many rows have a value (`of = "articles.rating"`).
        case count
        case sum
        /// The plain mean, or with `weight` the weighted one.
        case mean
        case min
        case max
        /// A field of the row with the largest `by` value (the first of equals).
        case top
        /// The different values a text field takes down the rows (a member's languages
        /// from each repository's), as one text: the commonest first, ties in page order.
        case distinct
        /// Arithmetic on other statistics and fields (`formula`, `when`).
        case formula
    }

    /// Its key in the record, under `stats` (dotted names nest, as fields' do).
    public let name: String
    public let operation: Operation
    /// The collection it is computed over; nil for a formula.
    public let collection: String?
    /// The row fields it reads: none for a count of rows, one for most, one or more for a top.
    public let fields: [String]
    /// True when `of` is a list: a top then is an object of those fields (and `by`).
    public let fieldsAsObject: Bool
    /// A mean's weight; a top's ranking field.
    public let weight: String?
    public let by: String?
    /// Decimal places a mean or a formula is rounded to (half away from zero); nil: exact.
    public let places: Int?
    public let label: String?
    /// The value over no values, when the collection's page was read (0 for a sum of
    /// an empty list); without it such a statistic is null.
    public let defaultValue: FieldValue?
    public let formula: StatFormula?
    /// A formula is null unless this holds (`stats.total_votes >= 2`).
    public let condition: StatCondition?
    /// The range its values can take, for the record schema; nil: not stated.
    public let bounds: ValueBounds

    public init(name: String, operation: Operation, collection: String?, fields: [String], fieldsAsObject: Bool = false,
                weight: String? = nil, by: String? = nil, places: Int? = nil, label: String? = nil, defaultValue: FieldValue? = nil,
                formula: StatFormula? = nil, condition: StatCondition? = nil, bounds: ValueBounds = ValueBounds()) {
        self.name = name
        self.operation = operation
        self.collection = collection
        self.fields = fields
        self.fieldsAsObject = fieldsAsObject
        self.weight = weight
        self.by = by
        self.places = places
        self.label = label
        self.defaultValue = defaultValue
        self.formula = formula
        self.condition = condition
        self.bounds = bounds
    }

    /// What people read it as: its label, else its name.
    public var displayName: String { label ?? name }

    /// The keys of an object-valued top: its `of` fields, then `by` when it is not among them.
    public var objectKeys: [String] {
        guard fieldsAsObject else { return [] }
        return fields + (by.map { fields.contains($0) ? [] : [$0] } ?? [])
    }
}

/// The least and greatest values a number can take (both optional): what the pack
/// says of the site, written into the record schema.
public struct ValueBounds: Sendable, Equatable {
    public let minimum: Decimal?
    public let maximum: Decimal?
    /// The same as whole numbers (the least whole number at or above `minimum`, the
    /// greatest at or below `maximum`), so that an int is checked without a Decimal:
    /// every int on every row of a page is.
    private let wholeMinimum: Int?
    private let wholeMaximum: Int?

    public init(minimum: Decimal? = nil, maximum: Decimal? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        wholeMinimum = minimum.map { ValueBounds.whole($0, .up) }
        wholeMaximum = maximum.map { ValueBounds.whole($0, .down) }
    }

    private static func whole(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Int {
        var value = value, rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, mode)
        if rounded >= Decimal(Int.max) { return .max }
        if rounded <= Decimal(Int.min) { return .min }
        return NSDecimalNumber(decimal: rounded).intValue
    }

    public var isEmpty: Bool { minimum == nil && maximum == nil }

    public func contains(_ value: Decimal) -> Bool {
        if let minimum, value < minimum { return false }
        if let maximum, value > maximum { return false }
        return true
    }

    public func contains(_ value: Int) -> Bool {
        if let wholeMinimum, value < wholeMinimum { return false }
        if let wholeMaximum, value > wholeMaximum { return false }
        return true
    }

    public var description: String {
        switch (minimum, maximum) {
        case let (low?, high?): return "from \(low) to \(high)"
        case let (low?, nil): return "at least \(low)"
        case let (nil, high?): return "at most \(high)"
        default: return "any"
        }
    }
}

extension ValueBounds {
    /// True for a number within the bounds, and for anything that is not a number.
    public func contains(_ value: FieldValue) -> Bool {
        switch value {
        case .int(let number): return contains(number)
        case .decimal(let number): return contains(number)
        default: return true
        }
    }
}

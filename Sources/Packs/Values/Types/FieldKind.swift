import Foundation

/// Everything about one field type, in the type's own file (`RoundedType.swift`, a caseless enum):
/// how a capture becomes its value, what the value is (a number, ordered, shown
/// rounded), how a pack writes its default, its JSON Schema, how people read it, the
/// written forms a capture must hold, and how a suggested pattern finds and captures
/// it. Adding a type is one such file and its line in `FieldType.bundled` (or `FieldType.register` for a build's own).
public protocol FieldKind: Sendable {
    /// The name a pack gives it: `type = "rounded"`.
    static var name: String { get }
    static var traits: FieldTraits { get }
    /// A capture's value, read off its bytes as the page has them; `base` is the site's
    /// base URL (links are made absolute against it), `dates` what a date needs beyond
    /// its text. Called for every value of every row: what it takes is borrowed, not copied.
    static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError>
    /// A pack's `default = …` for a field of this type; nil when it does not fit.
    static func value(ofSetting setting: SettingValue) -> FieldValue?
    /// How JSON Schema describes a value (`docs/schema/<site>/`).
    static var schema: SchemaForm { get }
    /// A value as people read it (tables, reports), where that differs from how data
    /// keeps it (JSON, CSV).
    static func spoken(_ value: FieldValue) -> FieldValue
    /// Forms pages write values in that a capture must hold (`1,204`: separators), a
    /// minus sign apart; none for text.
    static var writtenForms: [WrittenForm] { get }
    /// The capturing groups a suggested pattern may end with; text's, where empty.
    static var suggestedCaptures: [String] { get }
    /// Whether its values are read as text: a suggested pattern may also capture one to
    /// its element's end, and one with no `pattern(finding:)` is found as its words.
    static var capturesAsText: Bool { get }
    /// A pattern finding `shown`, as a person read it, where the page writes it; nil:
    /// found as words where the type `capturesAsText`, else not found.
    static func pattern(finding shown: String) -> String?
}

extension FieldKind {
    public static func spoken(_ value: FieldValue) -> FieldValue { value }
    public static var writtenForms: [WrittenForm] { [] }
    public static var suggestedCaptures: [String] { [] }
    public static var capturesAsText: Bool { true }
    public static func pattern(finding shown: String) -> String? { nil }
}

/// What a type's values are.
public struct FieldTraits: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Counted, summed and averaged; bounds (`min`, `max`) apply.
    public static let number = FieldTraits(rawValue: 1)
    /// Least and greatest have a meaning.
    public static let ordered = FieldTraits(rawValue: 2)
    /// The page may show a value rounded (`12.4k`): the step is kept beside it, and
    /// every export marks it (`rounded.<place>`, `≈` in the workbook).
    public static let mayBeRounded = FieldTraits(rawValue: 4)
    /// Read against the page's own time ("3 days ago") and a century for two-digit years.
    public static let dated = FieldTraits(rawValue: 8)
    /// A link: the report links a row's title to it, and the terminal's tables of a
    /// list leave it out (a URL is too wide to read there).
    public static let link = FieldTraits(rawValue: 16)
    /// Words that name a thing: the first such field of a list titles its rows in reports.
    public static let naming = FieldTraits(rawValue: 32)
}

/// A capture read: its value and, for a value the page showed rounded, its step.
public struct FieldReading: Sendable, Hashable {
    public var value: FieldValue
    /// 100 for `99.5k`; nil where the page showed the value exactly.
    public var step: Int?

    public init(_ value: FieldValue, step: Int? = nil) {
        self.value = value
        self.step = step
    }
}

/// A setting's value in a pack, as its TOML holds it.
public enum SettingValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case string(String)
}

/// A value's JSON Schema: its JSON type and what narrows it.
public struct SchemaForm: Sendable, Equatable {
    /// `integer`, `number` or `string`.
    public var jsonType: String
    public var format: String?
    public var pattern: String?
    public var description: String?

    public init(jsonType: String, format: String? = nil, pattern: String? = nil, description: String? = nil) {
        self.jsonType = jsonType
        self.format = format
        self.pattern = pattern
        self.description = description
    }
}

/// A form pages write a type's values in, and what it needs of a capture.
public struct WrittenForm: Sendable, Equatable {
    public let sample: String
    public let needs: String

    public init(sample: String, needs: String) {
        self.sample = sample
        self.needs = needs
    }
}

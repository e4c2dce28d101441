import Foundation
import PageText
import Synchronization

/// What a captured string becomes: one of the types in `allCases`, each a `FieldKind`
/// in its own file. Conversion failures are values the page did not deliver as
/// promised, reported per field, never a crash.
public struct FieldType: Sendable, Hashable, CustomStringConvertible {
    /// The type's kind: a type, not a value, so a `FieldType` is two words copied as
    /// they are (the extractor copies one for every value it reads).
    public let kind: any FieldKind.Type

    public init(_ kind: any FieldKind.Type) {
        self.kind = kind
    }

    /// The types cpvanity comes with: a new type is one file (its `FieldKind`) and one
    /// line here.
    public static let bundled: [FieldType] = [.text, .int, .decimal, .url, .date, .datetime, .string, .month, .rounded, .duration]

    private static let registry = Mutex<[FieldType]>(bundled)

    /// Every type a pack may name, in the order its errors list them.
    public static var allCases: [FieldType] { registry.withLock { $0 } }

    /// Adds a type after the bundled ones (a test's, a build's own) before packs are
    /// read; a name already taken is ignored.
    public static func register(_ kind: any FieldKind.Type) {
        registry.withLock { types in
            if !types.contains(where: { $0.rawValue == kind.name }) { types.append(FieldType(kind)) }
        }
    }

    /// The type a pack names (`"rounded"`); nil for a name no type has.
    public init?(rawValue: String) {
        guard let known = FieldType.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    /// The name a pack writes.
    public var rawValue: String { kind.name }
    public var description: String { kind.name }

    public static func == (lhs: FieldType, rhs: FieldType) -> Bool {
        ObjectIdentifier(lhs.kind) == ObjectIdentifier(rhs.kind)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(kind))
    }

    /// Int, decimal or rounded: counted, summed, bounded.
    public var isNumber: Bool { kind.traits.contains(.number) }
    /// Numbers and dates, which have an order.
    public var isOrdered: Bool { kind.traits.contains(.ordered) }
    /// A page may show its values rounded.
    public var mayBeRounded: Bool { kind.traits.contains(.mayBeRounded) }
    /// Read against the page's own time.
    public var isDated: Bool { kind.traits.contains(.dated) }
    /// A link to another page.
    public var isLink: Bool { kind.traits.contains(.link) }
    /// Words naming a thing (a row's title).
    public var isNaming: Bool { kind.traits.contains(.naming) }

    /// A value as people read it (`P13Y7M` is "13 years, 7 months").
    public func spoken(_ value: FieldValue) -> FieldValue { kind.spoken(value) }

    /// What reading a date needs beyond its text: the page's own time, which "2 days
    /// ago" is counted back from, and the century of two-digit years.
    public struct Dates: Sendable {
        public var now: Date?
        public var century: Int?

        public init(now: Date? = nil, century: Int? = nil) {
            self.now = now
            self.century = century
        }
    }

    /// What a capture becomes, and the step it was rounded to: the one conversion every
    /// value goes through. With a `map`, the capture's plain text is looked up
    /// (case-insensitively; the keys were lowercased when the pack was loaded) and the
    /// replacement read instead.
    @inlinable
    public func read(_ raw: UnsafeBufferPointer<UInt8>, map: [String: String]? = nil,
                     base: String, dates: Dates = Dates()) -> Result<FieldReading, ConversionError> {
        // Inlined into the extractor: every value of every row comes through here.
        if let map { return read(raw, mappedBy: map, base: base, dates: dates) }
        return kind.read(raw, base: base, dates: dates)
    }

    @usableFromInline
    func read(_ raw: UnsafeBufferPointer<UInt8>, mappedBy map: [String: String], base: String, dates: Dates) -> Result<FieldReading, ConversionError> {
        let captured = HTMLText.plain(raw)
        guard var replacement = map[captured.lowercased()] else {
            return .failure(ConversionError(raw: captured, unlistedIn: map.keys.sorted()))
        }
        return replacement.withUTF8 { kind.read($0, base: base, dates: dates) }
    }

    /// `read`'s value alone.
    public func convert(_ raw: UnsafeBufferPointer<UInt8>, map: [String: String]? = nil,
                        base: String, dates: Dates = Dates()) -> Result<FieldValue, ConversionError> {
        read(raw, map: map, base: base, dates: dates).map(\.value)
    }

    /// `convert` for text in hand (a pack's default, a test's capture).
    public func convert(_ raw: String, base: String, dates: Dates = Dates()) -> Result<FieldValue, ConversionError> {
        var raw = raw
        return raw.withUTF8 { convert($0, base: base, dates: dates) }
    }
}

extension FieldKind {
    /// The text of a capture, for the types that read it as a `String`.
    static func text(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: raw, as: UTF8.self)
    }
}

import Foundation
import Packs

/// Codes any `Encodable` as one line of compact JSON through the value's own
/// `encode(to:)`, so a type keeps one coding whichever coder writes it. Foundation's
/// `JSONEncoder` makes an object of every value, asks each what type it is, then walks
/// the objects to write them; a checkpoint codes every value a member has, and through
/// it the checkpoint cost more CPU than the member's output (`ExportJournal`). Here a
/// number or a string is written into its container's text as it is coded, and only a
/// container is an object. Strings are escaped as in all JSON this tool writes
/// (`JSONValue`).
///
/// `JSONDecoder` reads what it writes as it reads `JSONEncoder`'s default: a `Date` as
/// its own coding (seconds since 2001), a `Decimal` as a number, a `URL` as its text,
/// `Data` as base 64, keys in the order they were coded. A key coded twice in one object
/// and a number that is not finite are refused (an error, no line).
public struct CompactJSONEncoder {
    public init() {}

    public func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = ValueEncoder(into: Slot(.empty, in: nil, at: nil))
        try value.encode(to: encoder)
        guard encoder.slot.shape != .empty else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(type(of: value)) coded no value"))
        }
        var output = [UInt8]()
        output.reserveCapacity(4096)
        try encoder.slot.write(to: &output)
        return output
    }
}

/// Where one value goes: empty until it is coded, then a value, a list or an object.
/// A list's or an object's text is written as its items are coded, but for its nested
/// containers: each is a slot of its own, filled whenever its coder gets to it, and put
/// in its place when the whole is written.
private final class Slot {
    enum Shape { case empty, value, list, object }

    /// Where the slot is, asked only for an error's or a coder's coding path (kept as a
    /// link, since making a path for every value cost as much as coding it).
    unowned let parent: Slot?
    let key: PlainKey?
    var shape: Shape
    /// The value, or the items so far without their brackets.
    var text = [UInt8]()
    /// The nested slots, each with the place in `text` where it goes.
    var nested = [(at: Int, slot: Slot)]()
    var count = 0
    /// An object's keys so far, to refuse one coded twice.
    var keys = [String]()
    var keyCodedTwice: String?

    init(_ shape: Shape, in parent: Slot?, at key: PlainKey?) {
        self.shape = shape
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    /// A slot for a container or a value inside this one, where its items are now.
    func nested(_ shape: Shape, at key: PlainKey) -> Slot {
        let slot = Slot(shape, in: self, at: key)
        nested.append((text.count, slot))
        return slot
    }

    /// Makes the slot a container of `shape`; coding into it again keeps what it has
    /// (a class's coding and its superclass's share one object, as with `JSONEncoder`).
    func become(_ shape: Shape) {
        guard self.shape != shape else { return }
        self.shape = shape
        text = []
        nested = []
        count = 0
        keys = []
    }

    /// The slot's single value, written by `write` into its text.
    func put(_ write: (inout [UInt8]) -> Void) {
        become(.value)
        text = []
        nested = []
        write(&text)
    }

    func startItem() {
        if count > 0 { text.append(UInt8(ascii: ",")) }
        count += 1
    }

    func startItem(key: String) {
        if keyCodedTwice == nil, keys.contains(key) { keyCodedTwice = key }
        keys.append(key)
        startItem()
        JSONValue.writeString(key, to: &text)
        text.append(UInt8(ascii: ":"))
    }

    func write(to output: inout [UInt8]) throws {
        if let keyCodedTwice {
            throw EncodingError.invalidValue(keyCodedTwice, .init(codingPath: codingPath, debugDescription: "'\(keyCodedTwice)' was coded twice in one object"))
        }
        switch shape {
        case .empty: output += "{}".utf8  // a nested coder that wrote nothing, as JSONEncoder writes it
        case .value: try writeText(to: &output)
        case .list:
            output.append(UInt8(ascii: "["))
            try writeText(to: &output)
            output.append(UInt8(ascii: "]"))
        case .object:
            output.append(UInt8(ascii: "{"))
            try writeText(to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private func writeText(to output: inout [UInt8]) throws {
        var start = 0
        for (at, slot) in nested {
            output += text[start..<at]
            try slot.write(to: &output)
            start = at
        }
        output += text[start...]
    }
}

/// A number, a text or a list of either (and nulls), written without a coder of its
/// own; false for any other value. Asked by type before any cast: a value cast to a
/// type it is not cost a search of the runtime's tables, and most values are neither.
private func writePlain<Value: Encodable>(_ value: Value, to text: inout [UInt8], at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    if Value.self == String.self, let string = value as? String {
        JSONValue.writeString(string, to: &text)
    } else if Value.self == Int.self, let number = value as? Int {
        text += String(number).utf8
    } else if Value.self == [String].self, let strings = value as? [String] {
        writeList(strings, to: &text) { JSONValue.writeString($0, to: &$1) }
    } else if Value.self == [Int].self, let numbers = value as? [Int] {
        writeList(numbers, to: &text) { $1 += String($0).utf8 }
    } else if Value.self == [String?].self, let strings = value as? [String?] {
        writeList(strings, to: &text) { string, text in
            if let string { JSONValue.writeString(string, to: &text) } else { text += "null".utf8 }
        }
    } else if Value.self == [Int?].self, let numbers = value as? [Int?] {
        writeList(numbers, to: &text) { $1 += ($0.map { String($0) } ?? "null").utf8 }
    } else if Value.self == Bool.self, let flag = value as? Bool {
        text += (flag ? "true" : "false").utf8
    } else if Value.self == Double.self, let number = value as? Double {
        text += try numberText(number, at: path()).utf8
    } else {
        return try writeFoundationsOwn(value, to: &text, at: path())
    }
    return true
}

/// The values `JSONDecoder` reads its own way, not by their coding: a `Decimal` as a
/// number, a `URL` as its text, `Data` as base 64, each written as `JSONEncoder` does;
/// false for any other value.
private func writeFoundationsOwn<Value: Encodable>(_ value: Value, to text: inout [UInt8], at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    if Value.self == Decimal.self, let number = value as? Decimal {
        guard !number.isNaN else {
            throw EncodingError.invalidValue(number, .init(codingPath: path(), debugDescription: "NaN is no JSON number"))
        }
        text += DecimalText.plain(number).utf8
    } else if Value.self == URL.self, let url = value as? URL {
        JSONValue.writeString(url.absoluteString, to: &text)
    } else if Value.self == Data.self, let data = value as? Data {
        JSONValue.writeString(data.base64EncodedString(), to: &text)
    } else {
        return false
    }
    return true
}

private func writeList<Element>(_ list: [Element], to text: inout [UInt8], _ write: (Element, inout [UInt8]) -> Void) {
    text.append(UInt8(ascii: "["))
    for (index, element) in list.enumerated() {
        if index > 0 { text.append(UInt8(ascii: ",")) }
        write(element, &text)
    }
    text.append(UInt8(ascii: "]"))
}

/// A floating-point number's text, as the type itself writes it (`Float` 0.1 as `0.1`);
/// one that is not finite is refused at `path`.
private func numberText<Number: BinaryFloatingPoint & CustomStringConvertible>(_ number: Number, at path: @autoclosure () -> [any CodingKey]) throws -> String {
    guard number.isFinite else {
        throw EncodingError.invalidValue(number, .init(codingPath: path(), debugDescription: "\(number) is no JSON number"))
    }
    return number.description
}

/// Codes `value` into `slot`'s text where it stands, at `key`: a plain value directly,
/// any other through a coder of its own, whose slot goes in its place.
private func code(_ value: some Encodable, into slot: Slot, at key: @autoclosure () -> PlainKey) throws {
    if try writePlain(value, to: &slot.text, at: slot.codingPath + [key()]) { return }
    try value.encode(to: ValueEncoder(into: slot.nested(.empty, at: key())))
}

private final class ValueEncoder: Encoder {
    let slot: Slot
    var codingPath: [any CodingKey] { slot.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(into slot: Slot) {
        self.slot = slot
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.become(.object)
        return KeyedEncodingContainer(KeyedContainer(slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.become(.list)
        return UnkeyedContainer(slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(slot: slot)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    var codingPath: [any CodingKey] { slot.codingPath }

    private func put(_ key: Key, _ text: String) {
        slot.startItem(key: key.stringValue)
        slot.text += text.utf8
    }

    mutating func encodeNil(forKey key: Key) throws { put(key, "null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key, value ? "true" : "false") }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(key, String(value)) }

    mutating func encode(_ value: String, forKey key: Key) throws {
        slot.startItem(key: key.stringValue)
        JSONValue.writeString(value, to: &slot.text)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws { put(key, try numberText(value, at: codingPath + [key])) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(key, try numberText(value, at: codingPath + [key])) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        slot.startItem(key: key.stringValue)
        try code(value, into: slot, at: PlainKey(key.stringValue))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: nestedSlot(.object, key.stringValue)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedContainer(slot: nestedSlot(.list, key.stringValue))
    }

    mutating func superEncoder() -> any Encoder { ValueEncoder(into: nestedSlot(.empty, "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(into: nestedSlot(.empty, key.stringValue)) }

    private func nestedSlot(_ shape: Slot.Shape, _ name: String) -> Slot {
        slot.startItem(key: name)
        return slot.nested(shape, at: PlainKey(name))
    }
}

/// A list's or a single value's container puts a number, a flag or null down as its text.
private protocol PlainPutting {
    func put(_ text: String)
}

extension PlainPutting {
    mutating func encodeNil() throws { put("null") }
    mutating func encode(_ value: Bool) throws { put(value ? "true" : "false") }
    mutating func encode(_ value: Int) throws { put(String(value)) }
    mutating func encode(_ value: Int8) throws { put(String(value)) }
    mutating func encode(_ value: Int16) throws { put(String(value)) }
    mutating func encode(_ value: Int32) throws { put(String(value)) }
    mutating func encode(_ value: Int64) throws { put(String(value)) }
    mutating func encode(_ value: UInt) throws { put(String(value)) }
    mutating func encode(_ value: UInt8) throws { put(String(value)) }
    mutating func encode(_ value: UInt16) throws { put(String(value)) }
    mutating func encode(_ value: UInt32) throws { put(String(value)) }
    mutating func encode(_ value: UInt64) throws { put(String(value)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer, PlainPutting {
    let slot: Slot
    var codingPath: [any CodingKey] { slot.codingPath }
    var count: Int { slot.count }

    /// The place of the item being coded (`startItem` has counted it).
    private var itemKey: PlainKey { PlainKey(index: slot.count - 1) }

    func put(_ text: String) {
        slot.startItem()
        slot.text += text.utf8
    }


    mutating func encode(_ value: String) throws {
        slot.startItem()
        JSONValue.writeString(value, to: &slot.text)
    }

    // Refused before the item is counted, so its place is the count so far.
    mutating func encode(_ value: Double) throws { put(try numberText(value, at: codingPath + [PlainKey(index: slot.count)])) }
    mutating func encode(_ value: Float) throws { put(try numberText(value, at: codingPath + [PlainKey(index: slot.count)])) }

    mutating func encode(_ value: some Encodable) throws {
        slot.startItem()
        try code(value, into: slot, at: itemKey)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: nestedSlot(.object)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedContainer(slot: nestedSlot(.list)) }

    mutating func superEncoder() -> any Encoder { ValueEncoder(into: nestedSlot(.empty)) }

    private func nestedSlot(_ shape: Slot.Shape) -> Slot {
        slot.startItem()
        return slot.nested(shape, at: itemKey)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer, PlainPutting {
    let slot: Slot
    var codingPath: [any CodingKey] { slot.codingPath }

    func put(_ text: String) { slot.put { $0 += text.utf8 } }

    mutating func encode(_ value: String) throws { slot.put { JSONValue.writeString(value, to: &$0) } }

    mutating func encode(_ value: Double) throws { put(try numberText(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { put(try numberText(value, at: codingPath)) }

    mutating func encode(_ value: some Encodable) throws {
        var plain = [UInt8]()
        if try writePlain(value, to: &plain, at: codingPath) {
            slot.put { $0 += plain }
        } else {
            // Any other value codes itself into this same place (a wrapper's one value).
            slot.become(.empty)
            try value.encode(to: ValueEncoder(into: slot))
        }
    }
}

/// A key for a list's place or a super coder, for the coding paths of errors.
private struct PlainKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

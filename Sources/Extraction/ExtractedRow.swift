import Packs

extension ExtractedRecord {
    /// One row of a collection: its fields by name, as a dictionary would give them.
    /// The rows of one collection share one list of names; each row holds only its
    /// values, so making a row is filling an array, not building a hash table (which
    /// was a tenth of extracting the articles list: copying it, checking it was unique
    /// on every write, tearing it down).
    public struct Row: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible, Codable {
        private(set) var names: RowNames
        /// In the order of `names`.
        var values: [FieldValue]

        /// A row of `names`, every value null.
        init(names: RowNames) {
            self.names = names
            values = Array(repeating: .null, count: names.list.count)
        }

        public init(dictionaryLiteral elements: (String, FieldValue)...) {
            self.init(pairs: elements)
        }

        /// A row of these fields, in this order (a later value for a name replaces an earlier one).
        public init(pairs elements: [(String, FieldValue)]) {
            var names = [String]()
            var values = [FieldValue]()
            for (name, value) in elements {
                if let known = names.firstIndex(of: name) {
                    values[known] = value
                } else {
                    names.append(name)
                    values.append(value)
                }
            }
            self.names = RowNames(names)
            self.values = values
        }

        /// The value of the field `name`; nil when the row has no such field. Setting nil
        /// removes the field, as it would from a dictionary.
        public subscript(name: String) -> FieldValue? {
            get { names.positions[name].map { values[$0] } }
            set {
                if let position = names.positions[name] {
                    if let newValue {
                        values[position] = newValue
                    } else {
                        var list = names.list
                        list.remove(at: position)
                        values.remove(at: position)
                        names = RowNames(list)
                    }
                } else if let newValue {
                    names = RowNames(names.list + [name])
                    values.append(newValue)
                }
            }
        }

        /// The values of `fields`, in their order, null for a field the row lacks: the
        /// row's own values when it holds those fields in that order (a list's rows do).
        public func values(named fields: [String]) -> [FieldValue] {
            if names.list == fields { return values }
            return fields.map { self[$0] ?? .null }
        }

        public var count: Int { values.count }
        public var isEmpty: Bool { values.isEmpty }
        /// The field names, in the pack's order.
        public var keys: [String] { names.list }

        public func makeIterator() -> some IteratorProtocol<(key: String, value: FieldValue)> {
            zip(names.list, values).lazy.map { (key: $0, value: $1) }.makeIterator()
        }

        /// Equal when they hold the same fields with the same values, in any order.
        public static func == (lhs: Row, rhs: Row) -> Bool {
            if lhs.names === rhs.names { return lhs.values == rhs.values }
            guard lhs.count == rhs.count else { return false }
            return zip(lhs.names.list, lhs.values).allSatisfy { rhs[$0] == $1 }
        }

        /// Coded as one string of its fields' names and values in turn, each written as
        /// its length in UTF-8 bytes, a colon and itself, a null value as `~`:
        /// `"5:views2:i56:rating5:d4.91"`. One string a row, not one a name and one a
        /// value: a checkpoint codes every member's rows as the member finishes, and
        /// Foundation's coders spend their time per element, not per byte.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            guard let pairs = Row.unpacked(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a row: its fields' names and values do not read")
            }
            self.init(pairs: pairs)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(Row.packed(zip(names.list, values)))
        }

        /// The row as its coding writes it (`packed`).
        public var packed: String { Row.packed(zip(names.list, values)) }

        /// `packed`'s bytes, appended to `out`.
        public func pack(into out: inout [UInt8]) { Row.pack(zip(names.list, values), into: &out) }

        public static func packed(_ pairs: some Sequence<(String, FieldValue)>) -> String {
            var out = [UInt8]()
            out.reserveCapacity(256)
            pack(pairs, into: &out)
            return String(decoding: out, as: UTF8.self)
        }

        /// `packed`'s bytes, appended to `out`: each value written in place, never made
        /// a `String` of its own first (a checkpoint packs every row of every member).
        public static func pack(_ pairs: some Sequence<(String, FieldValue)>, into out: inout [UInt8]) {
            for (name, value) in pairs {
                var name = name
                name.withUTF8 { bytes in
                    appendDigits(bytes.count, to: &out)
                    out.append(UInt8(ascii: ":"))
                    out.append(contentsOf: bytes)
                }
                // Counts, the commonest value, go down digit by digit, never made a String.
                if case .int(let number) = value, number >= 0 {
                    appendDigits(digitCount(number) + 1, to: &out)
                    out.append(UInt8(ascii: ":"))
                    out.append(FieldValue.intTag)
                    appendDigits(number, to: &out)
                    continue
                }
                guard let (tag, text) = value.codedParts else {
                    out.append(UInt8(ascii: "~"))
                    continue
                }
                var body = text
                body.withUTF8 { bytes in
                    appendDigits(bytes.count + 1, to: &out)
                    out.append(UInt8(ascii: ":"))
                    out.append(tag)
                    out.append(contentsOf: bytes)
                }
            }
        }

        /// `number`'s decimal digits (it is not negative).
        private static func appendDigits(_ number: Int, to out: inout [UInt8]) {
            var divisor = 1
            while divisor <= number / 10 { divisor *= 10 }
            var rest = number
            while divisor > 0 {
                out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }

        private static func digitCount(_ number: Int) -> Int {
            var count = 1, rest = number
            while rest >= 10 { rest /= 10; count += 1 }
            return count
        }

        /// The pairs `packed` wrote; nil for anything else.
        static func unpacked(_ text: String) -> [(String, FieldValue)]? {
            let bytes = Array(text.utf8)
            var index = 0
            func piece() -> String? {
                var length = 0
                var digits = 0
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), digits < 10 {
                    length = length * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":"), length <= bytes.count - index - 1 else { return nil }
                let start = index + 1
                index = start + length
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            var pairs = [(String, FieldValue)]()
            while index < bytes.count {
                guard let name = piece() else { return nil }
                if index < bytes.count, bytes[index] == UInt8(ascii: "~") {
                    index += 1
                    pairs.append((name, .null))
                    continue
                }
                guard let coded = piece(), let value = FieldValue(coded: coded) else { return nil }
                pairs.append((name, value))
            }
            return pairs
        }

        public var description: String {
            guard !isEmpty else { return "[:]" }
            return "[" + zip(names.list, values).map { "\"\($0)\": \($1)" }.joined(separator: ", ") + "]"
        }
    }
}

/// The field names a collection's rows share, and where each one's value sits.
final class RowNames: Sendable {
    let list: [String]
    let positions: [String: Int]

    init(_ list: [String]) {
        self.list = list
        positions = Dictionary(list.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

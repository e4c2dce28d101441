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

        /// Coded as one list of its fields' names and values in turn:
        /// `["views", "i5", "rating", "d4.91"]` (an object per field cost a batch most of
        /// its CPU in Foundation's coders).
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var pairs = [(String, FieldValue)]()
            pairs.reserveCapacity((container.count ?? 0) / 2)
            while !container.isAtEnd {
                let name = try container.decode(String.self)
                // The value read as the string it is coded as: no decoder of its own.
                if try container.decodeNil() {
                    pairs.append((name, .null))
                    continue
                }
                let coded = try container.decode(String.self)
                guard let value = FieldValue(coded: coded) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(coded.prefix(40))' is not a value of \(name)")
                }
                pairs.append((name, value))
            }
            self.init(pairs: pairs)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for (name, value) in zip(names.list, values) {
                try container.encode(name)
                if let coded = value.coded { try container.encode(coded) } else { try container.encodeNil() }
            }
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

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

        private struct Field: Codable {
            let name: String
            let value: FieldValue
        }

        /// Coded as its fields in order: `[{"name": "views", "value": {"int": 5}}]`.
        public init(from decoder: any Decoder) throws {
            self.init(pairs: try [Field](from: decoder).map { ($0.name, $0.value) })
        }

        public func encode(to encoder: any Encoder) throws {
            try zip(names.list, values).map { Field(name: $0, value: $1) }.encode(to: encoder)
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

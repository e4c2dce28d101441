import Packs

extension ExtractedRecord {
    /// One row of a collection: its fields by name, each as it was read (its value and,
    /// where the page showed it rounded, its step). The rows of one collection share
    /// one list of names; each row holds only its readings, so making a row is filling
    /// an array, not building a hash table (which was a tenth of extracting the articles
    /// list: copying it, checking it was unique on every write, tearing it down).
    public struct Row: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible, Codable {
        private(set) var names: RowNames
        /// In the order of `names`.
        var readings: [FieldReading]

        /// A row of `names`, every value null.
        init(names: RowNames) {
            self.names = names
            readings = Array(repeating: FieldReading(.null), count: names.list.count)
        }

        public init(dictionaryLiteral elements: (String, FieldValue)...) {
            self.init(pairs: elements)
        }

        /// A row of these fields, in this order (a later value for a name replaces an earlier one).
        public init(pairs elements: [(String, FieldValue)]) {
            self.init(readings: elements.map { ($0, FieldReading($1)) })
        }

        /// A row of these readings, in this order (a later one for a name replaces an earlier one).
        public init(readings elements: [(String, FieldReading)]) {
            var names = [String]()
            var readings = [FieldReading]()
            for (name, reading) in elements {
                if let known = names.firstIndex(of: name) {
                    readings[known] = reading
                } else {
                    names.append(name)
                    readings.append(reading)
                }
            }
            self.names = RowNames(names)
            self.readings = readings
        }

        /// The value of the field `name`; nil when the row has no such field. Setting nil
        /// removes the field, as it would from a dictionary; setting a value drops its step.
        public subscript(name: String) -> FieldValue? {
            get { names.positions[name].map { readings[$0].value } }
            set { self[reading: name] = newValue.map { FieldReading($0) } }
        }

        /// The field `name` as it was read: its value and its step.
        public subscript(reading name: String) -> FieldReading? {
            get { names.positions[name].map { readings[$0] } }
            set {
                if let position = names.positions[name] {
                    if let newValue {
                        readings[position] = newValue
                    } else {
                        var list = names.list
                        list.remove(at: position)
                        readings.remove(at: position)
                        names = RowNames(list)
                    }
                } else if let newValue {
                    names = RowNames(names.list + [name])
                    readings.append(newValue)
                }
            }
        }

        /// The values of `fields`, in their order, null for a field the row lacks.
        public func values(named fields: [String]) -> [FieldValue] {
            if names.list == fields { return readings.map(\.value) }
            return fields.map { self[$0] ?? .null }
        }

        /// The readings of `fields`, in their order, null for a field the row lacks.
        public func readings(named fields: [String]) -> [FieldReading] {
            if names.list == fields { return readings }
            return fields.map { self[reading: $0] ?? FieldReading(.null) }
        }

        public var count: Int { readings.count }
        public var isEmpty: Bool { readings.isEmpty }
        /// The field names, in the pack's order.
        public var keys: [String] { names.list }

        public func makeIterator() -> some IteratorProtocol<(key: String, value: FieldValue)> {
            zip(names.list, readings).lazy.map { (key: $0, value: $1.value) }.makeIterator()
        }

        /// Each field's name and reading, in the pack's order.
        public var namedReadings: Zip2Sequence<[String], [FieldReading]> { zip(names.list, readings) }

        /// Equal when they hold the same fields with the same readings, in any order.
        public static func == (lhs: Row, rhs: Row) -> Bool {
            if lhs.names === rhs.names { return lhs.readings == rhs.readings }
            guard lhs.count == rhs.count else { return false }
            return zip(lhs.names.list, lhs.readings).allSatisfy { rhs[reading: $0] == $1 }
        }

        /// A table of one row (`ReadingTable`), as a list codes its rows:
        /// `{"fields":["title","views"],"kinds":["text","int"],"columns":[["x"],[56]],"steps":[[0,1,10]]}`.
        public init(from decoder: any Decoder) throws {
            let table = try ReadingTable(from: decoder)
            // A row of no fields is a table of none.
            guard table.rows.count == (table.fields.isEmpty ? 0 : 1) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a row is a table of one row, not \(table.rows.count)"))
            }
            self.init(readings: Array(zip(table.fields, table.rows.first ?? [])))
        }

        public func encode(to encoder: any Encoder) throws {
            try ReadingTable(fields: names.list, rows: [readings]).encode(to: encoder)
        }

        /// As a dictionary prints: `["title": A, "views": 3]`, `[:]` when empty.
        public var description: String {
            guard !readings.isEmpty else { return "[:]" }
            return "[" + zip(names.list, readings).map { "\"\($0)\": \($1.value)" }.joined(separator: ", ") + "]"
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

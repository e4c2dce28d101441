import Packs

/// Named readings coded as a table: their names once, each column's kind once, then
/// each column's values down the rows as JSON's own numbers and strings (a decimal and
/// a day as their exact text, their column's kind saying which), and the steps of the
/// values a page showed rounded apart, as `[row, column, step]`:
///
///     {"fields":["title","views","rating"],"kinds":["text","int","decimal"],
///      "columns":[["Cache Heap Shader","Regex Graph"],[2345678,22648],["4.91",null]],"steps":[[0,1,1000]]}
///
/// How a record codes its fields (one row), each of its lists, its statistics and their
/// top rows. A value coded on its own names its kind (`["int","5"]`); a table says it
/// once a column, since coding a checkpoint's every value as an object of its own cost
/// more CPU than the member's lookup (2.1 ms a member became 3.4 on the batch bench);
/// and by columns, a list of a dozen fields and many rows is a dozen lists, not one a
/// row. A column whose values are of more than one kind (no pack makes one) codes each
/// as `[kind, text]`. A table of no fields has no rows.
struct ReadingTable: Codable {
    let fields: [String]
    let rows: [[FieldReading]]

    init(fields: [String], rows: [[FieldReading]]) {
        self.fields = fields
        self.rows = rows
    }

    /// A list's rows, under the first row's names (its rows share them).
    init(rows list: [ExtractedRecord.Row]) {
        guard let first = list.first else {
            self.init(fields: [], rows: [])
            return
        }
        self.init(fields: first.keys, rows: list.map { $0.names === first.names ? $0.readings : $0.readings(named: first.keys) })
    }

    private enum CodingKeys: String, CodingKey {
        case fields, kinds, columns, steps
    }

    /// A column's kind: that of every value in it that is not null; `mixed` when they differ.
    private static func kinds(of rows: [[FieldReading]], columns: Int) -> [String] {
        (0..<columns).map { column in
            var kind: FieldValue.Kind?
            for row in rows {
                guard let found = row[column].value.kind else { continue }
                if let kind, kind != found { return "mixed" }
                kind = found
            }
            return kind?.rawValue ?? "null"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let kinds = ReadingTable.kinds(of: rows, columns: fields.count)
        let mixed = kinds.map { $0 == "mixed" }
        try container.encode(fields, forKey: .fields)
        try container.encode(kinds, forKey: .kinds)
        var steps = [[Int]]()
        var coded = container.nestedUnkeyedContainer(forKey: .columns)
        for column in fields.indices {
            for (index, row) in rows.enumerated() {
                if let step = row[column].step { steps.append([index, column, step]) }
            }
            // A column of one kind is one list of numbers or strings and nulls, which a
            // coder may write whole (`CompactJSONEncoder` does); a mixed one names each
            // value's kind.
            if kinds[column] == FieldValue.Kind.int.rawValue {
                try coded.encode(rows.map { row -> Int? in if case .int(let number) = row[column].value { number } else { nil } })
            } else if !mixed[column] {
                try coded.encode(rows.map { row -> String? in row[column].value.isNull ? nil : row[column].value.description })
            } else {
                try coded.encode(rows.map { $0[column].value })
            }
        }
        if !steps.isEmpty {
            var coded = container.nestedUnkeyedContainer(forKey: .steps)
            for step in steps { try coded.encode(step) }
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fields = try container.decode([String].self, forKey: .fields)
        let kinds = try container.decode([String].self, forKey: .kinds)
        guard kinds.count == fields.count else {
            throw DecodingError.dataCorruptedError(forKey: .kinds, in: container, debugDescription: "\(kinds.count) kinds for \(fields.count) fields")
        }
        var coded = try container.nestedUnkeyedContainer(forKey: .columns)
        var rows = [[FieldReading]]()
        for (column, kind) in kinds.enumerated() {
            guard !coded.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: coded, debugDescription: "\(column) columns for \(fields.count) fields")
            }
            var cells = try coded.nestedUnkeyedContainer()
            // Read once a column, not once a value: nil for `mixed` and `null`.
            let named = FieldValue.Kind(rawValue: kind)
            var index = 0
            while !cells.isAtEnd {
                let reading = FieldReading(try ReadingTable.value(of: kind, named: named, from: &cells))
                if column == 0 {
                    rows.append([reading])
                    rows[index].reserveCapacity(fields.count)
                } else {
                    guard index < rows.count else {
                        throw DecodingError.dataCorruptedError(in: cells, debugDescription: "the column of \(fields[column]) has more values than the \(rows.count) rows")
                    }
                    rows[index].append(reading)
                }
                index += 1
            }
            guard index == rows.count else {
                throw DecodingError.dataCorruptedError(in: cells, debugDescription: "the column of \(fields[column]) has \(index) values for \(rows.count) rows")
            }
        }
        guard coded.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: coded, debugDescription: "more columns than the \(fields.count) fields")
        }
        for step in try container.decodeIfPresent([[Int]].self, forKey: .steps) ?? [] {
            guard step.count == 3, rows.indices.contains(step[0]), fields.indices.contains(step[1]), step[2] > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .steps, in: container, debugDescription: "\(step) is no [row, column, step] of the table")
            }
            rows[step[0]][step[1]].step = step[2]
        }
        self.rows = rows
    }

    /// The next value of a column of `kind` (`named`, when it is one kind of value).
    private static func value(of kind: String, named: FieldValue.Kind?, from cells: inout any UnkeyedDecodingContainer) throws -> FieldValue {
        if try cells.decodeNil() { return .null }
        guard let named else {
            guard kind == "mixed" else {
                throw DecodingError.dataCorruptedError(in: cells, debugDescription: "'\(kind)' is no kind of value, yet the column has one")
            }
            return try cells.decode(FieldValue.self)
        }
        if named == .int { return .int(try cells.decode(Int.self)) }
        let text = try cells.decode(String.self)
        guard let value = FieldValue(kind: named, text: text) else {
            throw DecodingError.dataCorruptedError(in: cells, debugDescription: "'\(text.prefix(40))' is not a \(kind)")
        }
        return value
    }
}

import Packs

/// A record's statistics coded as its fields are: the figures as a table of one row
/// (`ReadingTable`), each top row likewise (null when no row was on top), then the sums
/// that did not fit: `{"figures":{...},"rows":{"top":{...},"none":null},"saturated":[]}`.
extension Statistics: Codable {
    private enum CodingKeys: String, CodingKey {
        case figures, rows, saturated
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let figures = try container.decode(ReadingTable.self, forKey: .figures)
        guard figures.rows.count <= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .figures, in: container, debugDescription: "the figures are one row, not \(figures.rows.count)")
        }
        var values = [String: Value]()
        for (name, reading) in zip(figures.fields, figures.rows.first ?? []) { values[name] = .value(reading) }
        for (name, row) in try container.decode([String: ExtractedRecord.Row?].self, forKey: .rows) { values[name] = .row(row) }
        self.init(values: values, saturated: try container.decode([String].self, forKey: .saturated))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var names = [String](), readings = [FieldReading](), rows = [String: ExtractedRecord.Row?]()
        for (name, value) in values {
            switch value {
            case .value(let reading):
                names.append(name)
                readings.append(reading)
            case .row(let row):
                rows[name] = row
            }
        }
        try container.encode(ReadingTable(fields: names, rows: [readings]), forKey: .figures)
        try container.encode(rows, forKey: .rows)
        try container.encode(saturated, forKey: .saturated)
    }
}

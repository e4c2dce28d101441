/// How a record keeps a value through `Codable` (a checkpoint, a test's copy): an
/// object naming its kind, `{"int":5}`, `{"decimal":"4.66"}` (exact, as its text),
/// `{"date":"2012-03-12"}`, `{"text":"Maren"}`; null as null. A reading adds its step
/// beside it: `{"int":99500,"step":100}`. The history keeps the same two parts in its
/// columns (`type`, `value`), read back by `FieldValue(kind:text:)`.
extension FieldReading: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, int, decimal, date, step
    }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self.init(.null)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let step = try container.decodeIfPresent(Int.self, forKey: .step)
        if let number = try container.decodeIfPresent(Int.self, forKey: .int) {
            self.init(.int(number), step: step)
            return
        }
        for (key, kind) in [(CodingKeys.text, FieldValue.Kind.text), (.decimal, .decimal), (.date, .date)] {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { continue }
            guard let value = FieldValue(kind: kind, text: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text.prefix(40))' is not a \(kind.rawValue)")
            }
            self.init(value, step: step)
            return
        }
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a value names its kind: text, int, decimal or date"))
    }

    public func encode(to encoder: any Encoder) throws {
        guard value != .null || step != nil else {
            var single = encoder.singleValueContainer()
            try single.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch value {
        case .null: break
        case .int(let number): try container.encode(number, forKey: .int)
        case .text(let text): try container.encode(text, forKey: .text)
        case .decimal: try container.encode(value.description, forKey: .decimal)
        case .date: try container.encode(value.description, forKey: .date)
        }
        try container.encodeIfPresent(step, forKey: .step)
    }
}

/// A value alone, coded as a reading without a step.
extension FieldValue: Codable {
    public init(from decoder: any Decoder) throws {
        self = try FieldReading(from: decoder).value
    }

    public func encode(to encoder: any Encoder) throws {
        try FieldReading(self).encode(to: encoder)
    }
}

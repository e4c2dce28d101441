/// How a value is kept through `Codable` (a checkpoint's trend and changes, a table's
/// cell of a mixed column): its kind and its text, `["decimal","4.66"]`,
/// `["date","2012-03-12"]`, `["int","5"]`; null as null. The history keeps the same two
/// parts in its columns (`type`, `value`); both are read back by `FieldValue(kind:text:)`.
extension FieldValue: Codable {
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
            return
        }
        let pair = try single.decode([String].self)
        guard pair.count == 2, let kind = Kind(rawValue: pair[0]), let value = FieldValue(kind: kind, text: pair[1]) else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "\(pair.map { $0.prefix(40) }) is no [kind, value]")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        if let kind { try single.encode([kind.rawValue, description]) } else { try single.encodeNil() }
    }
}

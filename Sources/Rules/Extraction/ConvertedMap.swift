import PageText
/// A field's `map` with each replacement already converted to the field's type, looked
/// up by the captured bytes. The general path makes the capture plain text, lowercases
/// it, hashes it and converts the replacement again, for every row; a map is a handful
/// of short codes (`AR`, `BR`, `TR`), so comparing bytes answers it without a string.
struct ConvertedMap: Sendable {
    /// Every key's bytes, one after another; `keys` says where each one stands. Walking
    /// plain ranges copies nothing, where walking (key, value) pairs retained both.
    private let keyBytes: [UInt8]
    private let keys: [Range<Int>]
    /// In the order of `keys`.
    private let values: [Result<FieldValue, ConversionError>]

    /// More entries than this are left to the general path's hash lookup.
    static let largest = 16

    /// Nil when the map is too large, or the type's conversion depends on the base URL
    /// the extractor was given (`url`).
    init?(_ map: [String: String], type: FieldType) {
        guard map.count <= ConvertedMap.largest, type != .url else { return nil }
        // The keys were lowercased when the pack was loaded; a non-ASCII key can never
        // equal the ASCII lowercase of an all-ASCII capture, and is simply never hit here.
        var keyBytes = [UInt8]()
        var keys = [Range<Int>]()
        var values = [Result<FieldValue, ConversionError>]()
        for (key, replacement) in map {
            keys.append(keyBytes.count..<(keyBytes.count + key.utf8.count))
            keyBytes.append(contentsOf: key.utf8)
            values.append(type.convert(replacement, base: ""))
        }
        self.keyBytes = keyBytes
        self.keys = keys
        self.values = values
    }

    /// The converted replacement for a capture that is plain ASCII (no tag, reference,
    /// white space or non-ASCII byte, so that its plain text is itself and lowercasing
    /// it is ASCII lowercasing) and listed; nil sends the capture down the general path,
    /// which gives the same answer or reports the problem.
    func value(for raw: UnsafeBufferPointer<UInt8>) -> Result<FieldValue, ConversionError>? {
        guard !raw.contains(where: { $0 <= 0x20 || $0 >= 0x80 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return nil
        }
        let found = keyBytes.withUnsafeBufferPointer { bytes in
            keys.firstIndex { key in
                key.count == raw.count && !zip(key, raw).contains { bytes[$0] != ConvertedMap.asciiLowercase($1) }
            }
        }
        return found.map { values[$0] }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

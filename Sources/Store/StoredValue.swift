import Foundation
import Packs

/// A value in the history's two text columns, `type` and `value`: its kind and its
/// text, the two parts the checkpoint codes it by, read back by `FieldValue(kind:text:)`.
extension FieldValue {
    var stored: (type: String, value: String?) { (kind?.rawValue ?? "null", kind == nil ? nil : description) }

    /// Null for a kind or a text the history could not have written.
    init(storedType type: String, value: String?) {
        self = FieldValue.Kind(rawValue: type).flatMap { kind in value.flatMap { FieldValue(kind: kind, text: $0) } } ?? .null
    }
}

/// Times as ISO 8601 text with milliseconds, which sorts as time does.
enum StoredTime {
    static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func text(_ date: Date) -> String { date.formatted(style) }

    static func date(_ text: String) -> Date? { try? style.parse(text) }
}

import Foundation
import PageText

/// A link: entities decoded and made absolute against the site's base URL.
public enum URLType: FieldKind {
    public static var name: String { "url" }
    public static var traits: FieldTraits { [.link] }
    public static var schema: SchemaForm {
        SchemaForm(jsonType: "string", format: "uri")
    }

    public static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        if let resolved = AbsoluteURL.resolvePlain(raw, origin: AbsoluteURL.origin(of: base)) {
            return .success(FieldReading(.text(resolved)))
        }
        let raw = text(raw)
        var link = raw.utf8.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(raw) : raw
        if link.utf8.first.map(URLType.isASCIISpace) == true || link.utf8.last.map(URLType.isASCIISpace) == true {
            link = link.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !link.isEmpty, let resolved = AbsoluteURL.resolve(link, against: base) else {
            return .failure(ConversionError(raw: raw, expected: "a URL"))
        }
        return .success(FieldReading(.text(resolved)))
    }

    public static func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting else { return nil }
        return .text(text)
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}

extension FieldType {
    public static let url = FieldType(URLType.self)
}

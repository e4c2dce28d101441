import Foundation
import PageText

/// A link: entities decoded and made absolute against the site's base URL.
public struct URLType: FieldKind {
    public let name = "url"
    public let traits: FieldTraits = []
    public let schema = SchemaForm(jsonType: "string", format: "uri")

    public func read(_ raw: UnsafeBufferPointer<UInt8>, context: ReadingContext) -> Result<FieldReading, ConversionError> {
        if let resolved = AbsoluteURL.resolvePlain(raw, origin: AbsoluteURL.origin(of: context.base)) {
            return .success(FieldReading(.text(resolved)))
        }
        let raw = text(raw)
        var link = raw.utf8.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(raw) : raw
        if link.utf8.first.map(URLType.isASCIISpace) == true || link.utf8.last.map(URLType.isASCIISpace) == true {
            link = link.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !link.isEmpty, let resolved = AbsoluteURL.resolve(link, against: context.base) else {
            return .failure(ConversionError(raw: raw, expected: "a URL"))
        }
        return .success(FieldReading(.text(resolved)))
    }

    public func value(ofSetting setting: SettingValue) -> FieldValue? {
        guard case .string(let text) = setting else { return nil }
        return .text(text)
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}

extension FieldType {
    public static let url = FieldType(URLType())
}

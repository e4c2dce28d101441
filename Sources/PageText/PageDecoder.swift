import Foundation

/// Turns a page's bytes, in whatever charset it came in, into the UTF-8 the rules
/// match on. The charset comes from the transport (`Content-Type`) when known, else
/// from the page's own `<meta charset>`; any charset the C library's iconv knows is
/// read (Shift_JIS, ISO-8859-2, ...); a page that claims UTF-8 but is not valid UTF-8,
/// or names a charset nobody knows, is read as Windows-1252, as browsers do.
public enum PageDecoder {
    public static func utf8(from bytes: [UInt8], declaredCharset: String? = nil) -> [UInt8] {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let charset = (declaredCharset ?? metaCharset(in: bytes))?.lowercased()
        switch charset {
        case "windows-1252", "cp1252", "iso-8859-1", "iso8859-1", "latin1", "latin-1", "us-ascii", "ascii":
            // WHATWG reads all of these labels as Windows-1252.
            return isASCII(bytes) ? bytes : Windows1252.decode(bytes)
        case nil, "utf-8", "utf8", "unicode-1-1-utf-8":
            return String(validating: bytes, as: UTF8.self) != nil ? bytes : Windows1252.decode(bytes)
        case let other?:
            // Any other charset the C library knows (Shift_JIS, ISO-8859-2, KOI8-R, ...).
            if isASCII(bytes) { return bytes }
            if let converted = Iconv.utf8(from: bytes, charset: other) { return converted }
            return String(validating: bytes, as: UTF8.self) != nil ? bytes : Windows1252.decode(bytes)
        }
    }

    /// The charset a page declares in its first 2 KiB: `<meta charset="...">` or
    /// `<meta http-equiv="Content-Type" content="text/html; charset=...">`.
    public static func metaCharset(in bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(2048), as: UTF8.self).lowercased()
        guard let range = head.range(of: "charset=") else { return nil }
        var name = head[range.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
        name = name.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    private static func isASCII(_ bytes: [UInt8]) -> Bool {
        !bytes.contains { $0 >= 0x80 }
    }
}

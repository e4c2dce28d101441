import Foundation

/// A saved web page the user names (to learn from, to suggest patterns on): read, and
/// refused when it is no web page at all (an image, a program, an empty file), rather
/// than searched and said to read right.
public enum SavedPage {
    public static func read(_ path: String) throws(AppError) -> Data {
        let data = try InputFile.read(path, role: .page)
        if let reason = notAPage(data) {
            throw .unreadableFile(.page, path: path, reason: "\(reason), not a web page; give the page as the browser saves it (its HTML)")
        }
        return data
    }

    /// Why `data` is not a web page, or nil when it may be one.
    static func notAPage(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(64 * 1024))
        if head.allSatisfy({ $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }) { return "it is empty" }
        for (magic, kind) in signatures where head.starts(with: magic) { return "it is \(kind)" }
        // UTF-16 text has a NUL in every other byte; a page in it starts with its byte-order mark.
        let utf16 = head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
        if !utf16, head.prefix(8 * 1024).contains(0) { return "it is a binary file" }
        if !utf16, !hasTag(head) { return "it holds no HTML tag" }
        return nil
    }

    private static let signatures: [([UInt8], String)] = [
        ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"), (Array("GIF8".utf8), "a GIF image"),
        (Array("%PDF".utf8), "a PDF document"), ([0x7F, 0x45, 0x4C, 0x46], "a program (ELF)"), ([0x50, 0x4B, 0x03, 0x04], "a zip archive"),
        ([0x1F, 0x8B], "gzip-compressed (gunzip it first)"), (Array("RIFF".utf8), "a RIFF file (an image or a sound)"),
        ([0xCF, 0xFA, 0xED, 0xFE], "a program (Mach-O)"), (Array("MZ".utf8), "a Windows program"),
    ]

    /// A `<` followed by a letter, `/` or `!`: a tag, a comment or a doctype.
    private static func hasTag(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "<") {
            let next = bytes[index + 1] | 0x20
            if (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) || bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "!") {
                return true
            }
        }
        return false
    }
}

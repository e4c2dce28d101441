#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Any charset the C library knows (glibc's iconv: Shift_JIS, ISO-8859-2, GBK,
/// KOI8-R, …) to UTF-8. A byte the charset cannot read becomes U+FFFD, as browsers do.
enum Iconv {
    /// WHATWG's names for what some labels mean (a page saying `shift_jis` is read as
    /// Windows-31J, as every browser reads it).
    private static let aliases: [String: String] = [
        "shift_jis": "CP932", "sjis": "CP932", "x-sjis": "CP932", "ms_kanji": "CP932", "windows-31j": "CP932",
        "csshiftjis": "CP932", "gb2312": "GBK", "x-gbk": "GBK", "chinese": "GBK", "csgb2312": "GBK",
        "euc-kr": "CP949", "ks_c_5601-1987": "CP949", "korean": "CP949", "big5": "BIG5-HKSCS", "x-euc-jp": "EUC-JP",
    ]

    /// The page in UTF-8, or nil when the C library does not know `charset`.
    static func utf8(from bytes: [UInt8], charset: String) -> [UInt8]? {
        let name = aliases[charset] ?? charset.uppercased()
        guard name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let converter = iconv_open("UTF-8", name)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 2)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var input = bytes
        input.withUnsafeMutableBufferPointer { source in
            guard let base = source.baseAddress else { return }
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(base).assumingMemoryBound(to: CChar.self)
            var inLeft = source.count
            while inLeft > 0 {
                let (produced, status) = chunk.withUnsafeMutableBufferPointer { target -> (Int, Int32) in
                    guard let start = target.baseAddress else { return (0, EINVAL) }
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(start).assumingMemoryBound(to: CChar.self)
                    var outLeft = target.count
                    let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (target.count - outLeft, result == -1 ? errno : 0)
                }
                output += chunk[0..<produced]
                switch status {
                case 0, E2BIG:
                    continue
                default:
                    // EILSEQ or EINVAL: a byte the charset cannot read, or a sequence cut off.
                    output += [0xEF, 0xBF, 0xBD]
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                }
            }
        }
        return output
    }
}

/// Windows-1252, the encoding browsers assume for an undeclared or Latin-1 page.
package enum Windows1252 {
    /// 0x80...0x9F; the five bytes the code page leaves undefined map to the C1
    /// control of the same value, as the WHATWG Encoding Standard does.
    private static let c1: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    package static func scalar(for byte: UInt8) -> Unicode.Scalar {
        let value = (0x80...0x9F).contains(byte) ? c1[Int(byte) - 0x80] : UInt32(byte)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The character a numeric reference in 0x80...0x9F stands for, or nil outside that range.
    package static func c1Scalar(_ value: UInt32) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(value) else { return nil }
        return scalar(for: UInt8(value))
    }

    /// Every byte is a character in Windows-1252, so this never fails.
    package static func decode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(bytes.underestimatedCount + bytes.underestimatedCount / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                output.append(contentsOf: String(scalar(for: byte)).utf8)
            }
        }
        return output
    }
}

/// Decodes HTML character references: numeric (`&#233;`, `&#xE9;`) and the named
/// ones pages actually use. An unknown or malformed reference is left as written.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var scalars = String.UnicodeScalarView()
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "&"), let (scalar, length) = reference(in: bytes, at: index) {
                    scalars.append(scalar)
                    index += length
                    continue
                }
                let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
                scalars.append(scalar ?? "\u{FFFD}")
                index += length
            }
        }
        return String(scalars)
    }

    /// The reference starting at `start` (which holds `&`): what it stands for and its length.
    static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var end = start + 1
        // Longest named entity is well under 32 characters.
        while end < bytes.count, end - start < 32, isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
        let length = end - start + 1
        if body[0] == UInt8(ascii: "#") {
            let hex = body.count > 1 && body[1] | 0x20 == UInt8(ascii: "x")
            guard let value = number(UnsafeBufferPointer(rebasing: body[(hex ? 2 : 1)...]), radix: hex ? 16 : 10) else { return nil }
            // Browsers read the C1 range as Windows-1252, and so do pages written for them.
            if let mapped = Windows1252.c1Scalar(value) { return (mapped, length) }
            guard let scalar = Unicode.Scalar(value), value != 0 else { return ("\u{FFFD}", length) }
            return (scalar, length)
        }
        // The few names most pages use, without building a String to look them up.
        if let common = common(body) { return (common, length) }
        let name = String(decoding: body, as: UTF8.self)
        guard let named = named[name] ?? named[name.lowercased()] else { return nil }
        return (named, length)
    }

    private static func common(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        switch name.count {
        case 2 where name[1] == UInt8(ascii: "t"):
            if name[0] == UInt8(ascii: "l") { return "<" }
            if name[0] == UInt8(ascii: "g") { return ">" }
        case 3 where name[0] == UInt8(ascii: "a") && name[1] == UInt8(ascii: "m") && name[2] == UInt8(ascii: "p"):
            return "&"
        case 4 where name[0] == UInt8(ascii: "q") && name[1] == UInt8(ascii: "u") && name[2] == UInt8(ascii: "o") && name[3] == UInt8(ascii: "t"):
            return "\""
        case 4 where name[0] == UInt8(ascii: "n") && name[1] == UInt8(ascii: "b") && name[2] == UInt8(ascii: "s") && name[3] == UInt8(ascii: "p"):
            return "\u{00A0}"
        default:
            break
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "#") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// Digits in `radix` (10 or 16), nil for none, anything else, or a value past U+10FFFF.
    private static func number(_ digits: UnsafeBufferPointer<UInt8>, radix: UInt32) -> UInt32? {
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * radix + digit
            if value > 0x10FFFF { return 0x110000 }
        }
        return value
    }

    /// ISO 8859-1 names in code-point order, U+00A0 to U+00FF.
    private static let latin1Names = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf", "laquo",
        "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot",
        "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc",
        "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute",
        "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash",
        "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde",
        "auml", "aring", "aelig", "ccedil", "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc",
        "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave",
        "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]

    private static let others: [String: UInt32] = [
        "quot": 0x22, "amp": 0x26, "apos": 0x27, "lt": 0x3C, "gt": 0x3E,
        "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192,
        "circ": 0x2C6, "tilde": 0x2DC, "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C,
        "zwj": 0x200D, "lrm": 0x200E, "rlm": 0x200F, "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018,
        "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E, "dagger": 0x2020,
        "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026, "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033,
        "lsaquo": 0x2039, "rsaquo": 0x203A, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190, "uarr": 0x2191,
        "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194, "minus": 0x2212, "le": 0x2264, "ge": 0x2265,
        "ne": 0x2260, "infin": 0x221E, "asymp": 0x2248, "hearts": 0x2665, "star": 0x2606,
        "Alpha": 0x391, "alpha": 0x3B1, "Beta": 0x392, "beta": 0x3B2, "Gamma": 0x393, "gamma": 0x3B3,
        "Delta": 0x394, "delta": 0x3B4, "pi": 0x3C0, "Pi": 0x3A0, "sigma": 0x3C3, "Sigma": 0x3A3,
        "mu": 0x3BC, "lambda": 0x3BB, "Omega": 0x3A9, "omega": 0x3C9,
    ]

    private static let named: [String: Unicode.Scalar] = {
        var table = [String: Unicode.Scalar]()
        for (offset, name) in latin1Names.enumerated() {
            if let scalar = Unicode.Scalar(UInt32(0xA0 + offset)) { table[name] = scalar }
        }
        for (name, value) in others {
            if let scalar = Unicode.Scalar(value) { table[name] = scalar }
        }
        return table
    }()
}

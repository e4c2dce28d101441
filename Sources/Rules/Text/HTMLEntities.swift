/// Decodes HTML character references: numeric (`&#233;`, `&#xE9;`) and the named
/// ones pages actually use. An unknown or malformed reference is left as written.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "&", let (decoded, length) = reference(in: scalars, at: index) {
                output.append(contentsOf: decoded.unicodeScalars)
                index += length
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }

    /// The reference starting at `start` (which holds `&`): its text and length.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var end = start + 1
        // Longest named entity is well under 32 characters.
        while end < scalars.count, end - start < 32, scalars[end] != ";",
              scalars[end].properties.isAlphabetic || scalars[end].properties.numericType != nil || scalars[end] == "#" {
            end += 1
        }
        guard end < scalars.count, scalars[end] == ";", end > start + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        let length = end - start + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            // Browsers read the C1 range as Windows-1252, and so do pages written for them.
            if let mapped = Windows1252.c1Scalar(value) { return (String(mapped), length) }
            guard let scalar = Unicode.Scalar(value), value != 0 else { return ("\u{FFFD}", length) }
            return (String(scalar), length)
        }
        guard let named = named[body] ?? named[body.lowercased()] else { return nil }
        return (named, length)
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

    private static let named: [String: String] = {
        var table = [String: String]()
        for (offset, name) in latin1Names.enumerated() {
            if let scalar = Unicode.Scalar(UInt32(0xA0 + offset)) { table[name] = String(scalar) }
        }
        for (name, value) in others {
            if let scalar = Unicode.Scalar(value) { table[name] = String(scalar) }
        }
        return table
    }()
}

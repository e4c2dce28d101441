/// Decodes HTML character references: numeric (`&#233;`, `&#xE9;`) and all of HTML5's
/// named ones (`Data/html-entities.txt`, written by scripts/make-entities from the
/// WHATWG list). An unknown or malformed reference is left as written.
package enum HTMLEntities {
    package static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var scalars = String.UnicodeScalarView()
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "&"), let (scalar, second, length) = reference(in: bytes, at: index) {
                    scalars.append(scalar)
                    if let second { scalars.append(second) }
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

    /// The reference starting at `start` (which holds `&`): what it stands for (one
    /// code point, or two for the 93 names that stand for a pair) and its length.
    package static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Unicode.Scalar?, Int)? {
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
            if let mapped = Windows1252.c1Scalar(value) { return (mapped, nil, length) }
            guard let scalar = Unicode.Scalar(value), value != 0 else { return ("\u{FFFD}", nil, length) }
            return (scalar, nil, length)
        }
        // The few names most pages use, without building a String to look them up.
        if let common = common(body) { return (common, nil, length) }
        let name = String(decoding: body, as: UTF8.self)
        guard let named = named[name] ?? named[name.lowercased()] else { return nil }
        return (named.0, named.1, length)
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

    /// Name → the code points it stands for, read once from the embedded list, on its
    /// bytes: split as Characters, its 2,125 lines cost a first page 10 ms.
    private static let named: [String: (Unicode.Scalar, Unicode.Scalar?)] = {
        var table = [String: (Unicode.Scalar, Unicode.Scalar?)](minimumCapacity: 2_200)
        for line in PackageResources.html_entities_txt.split(separator: UInt8(ascii: "\n")) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let points = line[line.index(after: colon)...].split(separator: UInt8(ascii: ",")).compactMap { digits in
                UInt32(String(decoding: digits, as: UTF8.self), radix: 16).flatMap(Unicode.Scalar.init)
            }
            guard let first = points.first else { continue }
            table[String(decoding: line[..<colon], as: UTF8.self)] = (first, points.count > 1 ? points[1] : nil)
        }
        return table
    }()
}

/// The `text` conversion: what a reader sees of an HTML fragment. Tags go (block
/// tags and `<br>` leave a space so words do not run together), entities are
/// decoded after the tags are gone (so `&lt;b&gt;` stays text), and runs of white
/// space, non-breaking spaces included, become one space.
enum HTMLText {
    static func plain(_ html: String) -> String {
        // Most captures (numbers, names) hold neither tags nor entities.
        if !html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
            return collapseWhitespace(html)
        }
        return collapseWhitespace(HTMLEntities.decode(stripTags(html)))
    }

    static func stripTags(_ html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return html }
        var output = [UInt8]()
        var bytes = Array(html.utf8)[...]
        output.reserveCapacity(bytes.count)
        while let open = bytes.firstIndex(of: UInt8(ascii: "<")) {
            output.append(contentsOf: bytes[bytes.startIndex..<open])
            let afterOpen = bytes.index(after: open)
            // "<" not followed by a letter, "/" or "!" is text ("a < b"), not a tag.
            guard afterOpen < bytes.endIndex, isTagStart(bytes[afterOpen]) else {
                output.append(UInt8(ascii: "<"))
                bytes = bytes[afterOpen...]
                continue
            }
            guard let close = bytes[afterOpen...].firstIndex(of: UInt8(ascii: ">")) else {
                // An unterminated tag at the end of the fragment: drop it.
                bytes = bytes[bytes.endIndex...]
                break
            }
            if leavesSpace(bytes[afterOpen..<close]) { output.append(UInt8(ascii: " ")) }
            bytes = bytes[bytes.index(after: close)...]
        }
        output.append(contentsOf: bytes)
        return String(decoding: output, as: UTF8.self)
    }

    static func collapseWhitespace(_ text: String) -> String {
        // On UTF-8 bytes, and not at all when the text is already clean (most captures):
        // no leading, trailing or doubled space, no tab or line break, nothing non-ASCII.
        var needsWork = false
        var previousSpace = true  // a leading space counts as work
        for byte in text.utf8 {
            if byte == 0x20 {
                if previousSpace { needsWork = true; break }
                previousSpace = true
            } else if (0x09...0x0D).contains(byte) || byte >= 0x80 {
                needsWork = true
                break
            } else {
                previousSpace = false
            }
        }
        if previousSpace && !text.isEmpty { needsWork = true }
        guard needsWork else { return text }
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = true
            } else {
                if pendingSpace && !scalars.isEmpty { scalars.append(" ") }
                pendingSpace = false
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09...0x0D: return true
        case 0..<0x80: return false
        default: return scalar.properties.isWhitespace || scalar.value == 0xA0
        }
    }

    private static func isTagStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!")
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static let blockTags: Set<String> = [
        "br", "p", "div", "td", "th", "tr", "li", "ul", "ol", "table", "tbody", "thead",
        "h1", "h2", "h3", "h4", "h5", "h6", "hr", "dd", "dt", "dl", "section", "article", "header", "footer",
    ]

    private static func leavesSpace(_ tag: ArraySlice<UInt8>) -> Bool {
        let name = tag.drop { $0 == UInt8(ascii: "/") }
            .prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n") }
        return blockTags.contains(String(decoding: name, as: UTF8.self).lowercased())
    }
}

/// The `text` conversion: what a reader sees of an HTML fragment. Tags go (block
/// tags and `<br>` leave a space so words do not run together), entities are
/// decoded (what they decode to is text: `&lt;b&gt;` stays `<b>`), and runs of white
/// space, non-breaking spaces included, become one space. One pass over the bytes:
/// every row of every page goes through here.
package enum HTMLText {
    package static func plain(_ html: String) -> String {
        var html = html
        return html.withUTF8 { plain($0) }
    }

    package static func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Output outgrows the input by a fifth at most: tags and references are longer
        // than what they leave, but for &nGt; and &nLt; (5 bytes, 6 decoded), and a
        // space is only written in place of something.
        // Written straight into the string's storage, which checks it is UTF-8 in place.
        return String(unsafeUninitializedCapacity: bytes.count + bytes.count / 5 + 4) { output in
            var writer = PlainWriter(output: output)
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "<") where index + 1 < count && isTagStart(bytes[index + 1]):
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ">")) else {
                        // An unterminated tag at the end of the fragment: drop it.
                        index = count
                        continue
                    }
                    if leavesSpace(bytes, tag: (index + 1)..<close) { writer.space() }
                    index = close + 1
                case UInt8(ascii: "&"):
                    if let (scalar, second, length) = HTMLEntities.reference(in: bytes, at: index) {
                        writer.scalar(scalar)
                        if let second { writer.scalar(second) }
                        index += length
                    } else {
                        writer.byte(byte)
                        index += 1
                    }
                case 0x20, 0x09...0x0D:
                    writer.space()
                    index += 1
                case 0x80...:
                    let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
                    if let scalar, isUnicodeSpace(scalar) {
                        writer.space()
                    } else {
                        for offset in 0..<length { writer.byte(bytes[index + offset]) }
                    }
                    index += length
                default:
                    // A run of ordinary text goes across whole, words and the single
                    // spaces between them alike; a space at its end is left to `space()`.
                    var end = index + 1
                    while end < count {
                        if isOrdinary(bytes[end]) {
                            end += 1
                        } else if bytes[end] == 0x20, end + 1 < count, isOrdinary(bytes[end + 1]) {
                            end += 2
                        } else {
                            break
                        }
                    }
                    writer.run(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                }
            }
            return writer.count
        }
    }

    @inline(__always)
    private static func isOrdinary(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x80 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&")
    }

    static func isUnicodeSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09...0x0D, 0xA0: return true
        case 0..<0x80: return false
        default: return scalar.properties.isWhitespace
        }
    }

    private static func isTagStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static let blockTags: [[UInt8]] = [
        "br", "p", "div", "td", "th", "tr", "li", "ul", "ol", "table", "tbody", "thead",
        "h1", "h2", "h3", "h4", "h5", "h6", "hr", "dd", "dt", "dl", "section", "article", "header", "footer",
    ].map { Array($0.utf8) }

    /// `tag` is what stands between `<` and `>`: a block element's name, open or closed, leaves a space.
    private static func leavesSpace(_ bytes: UnsafeBufferPointer<UInt8>, tag: Range<Int>) -> Bool {
        var start = tag.lowerBound
        while start < tag.upperBound, bytes[start] == UInt8(ascii: "/") { start += 1 }
        var end = start
        while end < tag.upperBound, !isNameEnd(bytes[end]) { end += 1 }
        let length = end - start
        guard length > 0, length <= 7 else { return false }
        return blockTags.contains { name in
            name.count == length && name.indices.allSatisfy { name[$0] == (bytes[start + $0] | 0x20) }
        }
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "/") || (byte >= 0x09 && byte <= 0x0D)
    }
}

/// Writes plain text, holding back a space until a character follows it: runs of
/// white space become one, and none leads or trails.
private struct PlainWriter {
    let output: UnsafeMutableBufferPointer<UInt8>
    var count = 0
    private var pendingSpace = false

    init(output: UnsafeMutableBufferPointer<UInt8>) { self.output = output }

    mutating func space() { pendingSpace = true }

    mutating func byte(_ byte: UInt8) {
        if pendingSpace {
            pendingSpace = false
            if count > 0 { append(0x20) }
        }
        append(byte)
    }

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return }
        byte(first)
        let rest = UnsafeBufferPointer(rebasing: bytes.dropFirst())
        // Cannot overflow (see `plain`); checked all the same.
        let room = min(rest.count, output.count - count)
        guard room > 0, let source = rest.baseAddress, let target = output.baseAddress else { return }
        (target + count).update(from: source, count: room)
        count += room
    }

    mutating func scalar(_ scalar: Unicode.Scalar) {
        if HTMLText.isUnicodeSpace(scalar) {
            space()
            return
        }
        // The first byte settles a pending space; the rest follow it.
        let units = scalar.utf8
        byte(units[units.startIndex])
        for unit in units.dropFirst() { append(unit) }
    }

    private mutating func append(_ byte: UInt8) {
        // Cannot overflow (see `plain`); checked all the same, since a bug here would write past the buffer.
        guard count < output.count else { return }
        output[count] = byte
        count += 1
    }
}

/// One UTF-8 scalar read off bytes that may not be valid UTF-8.
enum UTF8Scalar {
    /// The scalar at `index` and its length; nil (length 1) for a byte that starts no valid sequence.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar?, Int) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else { return (nil, 1) }
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        // Overlong forms and surrogates are not scalars.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, length)
    }
}

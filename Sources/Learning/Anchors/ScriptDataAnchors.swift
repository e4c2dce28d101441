import Packs

/// Patterns for a value a page writes only in its script data: a page a script draws
/// in the browser, whose saved HTML holds its figures as `"followers":1204` in a
/// `<script type="application/json">` or a state object (`window.__STATE__ = {…}`), or
/// in an attribute, its quotes written `&quot;` (`<div id="app" data-page="{&quot;…`).
/// Anchored on the key before the value, then on the key of the object around it where
/// the key alone stands more than once (`"owner":{"name":…}`). A string is read only
/// where it holds no escape: a pack reads no JSON escapes, so a page whose value has
/// one (`Zo\u00eb`) reads it as unknown, with a problem, never with its backslash.
struct ScriptDataAnchors {
    let sample: SamplePage
    let type: FieldType

    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
    /// A quote as an attribute's value writes it.
    static let quoteReference = Array("&quot;".utf8)

    /// How a string's quotes are written around the value.
    enum Quote {
        case mark(UInt8)
        case reference
    }

    /// Whether the place is in a script's text (its data) or a script's data in an
    /// attribute, not a comment or a style.
    func holds(_ place: SamplePage.Place) -> Bool {
        guard let node = place.node else { return false }
        if sample.tree.nodes[node].kind == .element { return sample.tree.isInScriptData(place.range.lowerBound, of: node) }
        guard let parent = sample.tree.nodes[node].parent else { return false }
        return sample.tree.nodes[node].kind == .text && sample.tree.nodes[parent].name == "script"
    }

    func candidates(at place: SamplePage.Place) -> [TreeAnchors.Anchored] {
        let page = sample.utf8
        var index = place.range.lowerBound - 1
        var opening: Quote?
        if index >= 0, page[index] == Self.quote || page[index] == Self.apostrophe {
            opening = .mark(page[index])
            index -= 1
        } else if Self.isQuoteReference(page, endingAt: index) {
            opening = .reference
            index -= Self.quoteReference.count
        }
        guard let capture = capture(quoted: opening, end: place.range.upperBound),
              let (key, keyStart) = key(endingBefore: index) else { return [] }
        let sign = Self.keyPattern(key)
        var found = [TreeAnchors.Anchored(anchor: "the key \"\(key)\" of the page's script data", rank: 30, pattern: sign + capture, sign: sign)]
        if let (outer, _) = enclosingKey(before: keyStart) {
            let scoped = Self.keyPattern(outer) + "\\{[^{}]*?" + sign
            found.append(TreeAnchors.Anchored(anchor: "the key \"\(key)\" in \"\(outer)\" of the page's script data", rank: 31, pattern: scoped + capture, sign: scoped))
        }
        return found
    }

    /// A key as a pattern: quoted as JSON writes it (or an attribute, `&quot;`), or bare
    /// as a script may, then its colon.
    static func keyPattern(_ key: String) -> String {
        "(?<![\\w$])(?:[\"\\x27]|&quot;)?" + ElementPatterns.escaped(key) + "(?:[\"\\x27]|&quot;)?\\s*:\\s*"
    }

    /// Whether `&quot;` ends at `index`.
    static func isQuoteReference(_ page: [UInt8], endingAt index: Int) -> Bool {
        let start = index + 1 - quoteReference.count
        return start >= 0 && index < page.count && page[start...index].elementsEqual(quoteReference)
    }

    /// The value's capture: a number as JSON writes it, or a string without an escape.
    private func capture(quoted: Quote?, end: Int) -> String? {
        let page = sample.utf8
        guard let quoted else {
            return type == .int ? "(-?\\d+)(?![\\d.eE])" : type == .decimal ? "(-?\\d+(?:\\.\\d+)?)(?![\\d.eE])" : nil
        }
        switch quoted {
        case .mark(let byte):
            guard end < page.count, page[end] == byte else { return nil }
            let mark = byte == Self.quote ? "\"" : "\\x27"
            return mark + "([^" + mark + "\\\\]*)" + mark
        case .reference:
            // An attribute's text: its other references (`&amp;`) are the type's to read.
            guard Self.isQuoteReference(page, endingAt: end + Self.quoteReference.count - 1) else { return nil }
            return "&quot;((?:[^&\\\\\"]|&(?!quot;))*)&quot;"
        }
    }

    /// The key before `end` (at the colon, white space aside): `"followers":`, `followers:`.
    private func key(endingBefore end: Int) -> (String, Int)? {
        let page = sample.utf8
        var index = end
        while index >= 0, page[index] == 0x20 || page[index] == 0x0A || page[index] == 0x09 { index -= 1 }
        guard index >= 1, page[index] == UInt8(ascii: ":") else { return nil }
        index -= 1
        while index >= 0, page[index] == 0x20 { index -= 1 }
        guard index >= 0 else { return nil }
        let referenced = Self.isQuoteReference(page, endingAt: index)
        let quoted = referenced || page[index] == Self.quote || page[index] == Self.apostrophe
        let last = referenced ? index - Self.quoteReference.count : quoted ? index - 1 : index
        var first = last
        while first >= 0, last - first < 64, Self.isKeyByte(page[first]) { first -= 1 }
        let opened = referenced ? Self.isQuoteReference(page, endingAt: first) : first >= 0 && page[first] == page[index]
        guard first < last, !quoted || opened else { return nil }
        return (String(decoding: page[(first + 1)...last], as: UTF8.self), referenced ? first + 1 - Self.quoteReference.count : quoted ? first : first + 1)
    }

    /// The key of the object the value's key stands in, where nothing but its other
    /// plain members come between (`"owner":{"id":7,"name":`).
    private func enclosingKey(before start: Int) -> (String, Int)? {
        let page = sample.utf8
        guard let brace = page[max(0, start - 2_000)..<start].lastIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }),
              page[brace] == UInt8(ascii: "{") else { return nil }
        return key(endingBefore: brace - 1)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte == 0x2D
    }
}

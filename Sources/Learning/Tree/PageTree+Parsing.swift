import CLibXML2

extension PageTree {
    /// Far more than any member's page; libxml2 takes a length as a 32-bit int.
    public static let maxBytes = 64 << 20
    /// Far more nodes than any member's page has (a 700 KB statistics page has 6,000).
    static let maxNodes = 2_000_000

    /// `utf8` read by libxml2's HTML parser, as a browser would recover it (unclosed
    /// `<p>` and `<li>`, a missing `<tbody>`, stray end tags), with every node's place
    /// in `utf8`. The page is read as UTF-8 whatever its `<meta charset>` says: the
    /// page's bytes have been decoded to UTF-8 already, and a conversion would move
    /// every place. Nothing is fetched (no network, no DTD).
    public static func parse(_ utf8: [UInt8]) -> PageTree {
        let builder = TreeBuilder(tree: PageTree(utf8: utf8))
        guard !utf8.isEmpty, utf8.count <= maxBytes else {
            builder.tree.placesHold = false
            return builder.tree
        }
        utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                builder.read(characters)
            }
        }
        builder.tree.settleVisibilities()
        return builder.tree
    }
}

/// Builds a `PageTree` from libxml2's SAX events, reading the parser's place in the
/// page at each: an element starts at the `<` of its name before the `>` the parser
/// stands on, ends after its end tag when one is there, else where the last thing in
/// it ended; a text runs from where the last event ended to where this one does.
private final class TreeBuilder {
    var tree: PageTree
    /// The elements open, innermost last.
    var open = [Int]()
    /// Where the last event ended in the page's bytes.
    var lastEnd = 0
    var context: htmlParserCtxtPtr?

    init(tree: PageTree) {
        self.tree = tree
    }

    func read(_ page: UnsafeBufferPointer<CChar>) {
        // libxml2 (2.9) sets up its globals lazily, and two threads doing so at once
        // leave a lock held that nobody releases: pages parsed in parallel hung there.
        // Set up first, once (later calls return at once).
        xmlInitParser()
        guard let base = page.baseAddress, let context = htmlCreateMemoryParserCtxt(base, Int32(page.count)) else {
            tree.placesHold = false
            return
        }
        self.context = context
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            htmlFreeParserCtxt(context)
        }
        xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)
        let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
        htmlCtxtUseOptions(context, Int32(options))
        context.pointee.sax.pointee = TreeBuilder.handler()
        context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        htmlParseDocument(context)
        // What is still open at the end of the page ends there.
        while let last = open.popLast() {
            tree.nodes[last].contentEnd = lastEnd
            tree.nodes[last].end = lastEnd
        }
    }

    /// The events the tree is built from; the rest (a DTD, entities' declarations) are ignored.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.startElement = { user, name, attributes in
            TreeBuilder.from(user)?.start(name.map { String(cString: $0) } ?? "", TreeBuilder.attributes(attributes))
        }
        handler.endElement = { user, name in
            TreeBuilder.from(user)?.end(name.map { String(cString: $0) } ?? "")
        }
        let text: charactersSAXFunc = { user, characters, length in
            guard let characters, length > 0 else { return }
            let words = String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
            TreeBuilder.from(user)?.text(words)
        }
        handler.characters = text
        handler.cdataBlock = text
        handler.ignorableWhitespace = text
        handler.comment = { user, value in
            TreeBuilder.from(user)?.comment(value.map { String(cString: $0) } ?? "")
        }
        return handler
    }

    /// The builder set as the context's user data before parsing; libxml2 hands it back to every event.
    static func from(_ user: UnsafeMutableRawPointer?) -> TreeBuilder? {
        user.map { Unmanaged<TreeBuilder>.fromOpaque($0).takeUnretainedValue() }
    }

    static func attributes(_ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> [PageTree.Attribute] {
        guard let list else { return [] }
        var attributes = [PageTree.Attribute]()
        var index = 0
        while let name = list[index], attributes.count < 1_000 {
            let value = list[index + 1].map { String(cString: $0) } ?? ""
            attributes.append(PageTree.Attribute(name: String(cString: name).lowercased(), value: value))
            index += 2
        }
        return attributes
    }

    /// Where the parser stands in the page.
    var position: Int {
        guard let context else { return -1 }
        return cpv_parser_offset(context)
    }

    var full: Bool {
        guard tree.nodes.count >= PageTree.maxNodes else { return false }
        if let context { xmlStopParser(context) }
        return true
    }

    func start(_ name: String, _ attributes: [PageTree.Attribute]) {
        guard !full else { return }
        let at = position, bytes = tree.utf8
        var start = lastEnd, contentStart = lastEnd, implied = true
        // The parser stands on the `>` (or the `/` of `/>`) of a tag it read; an element
        // it implies stands wherever the tag that made it stands, with no `<name` before.
        if at > 0, at < bytes.count, bytes[at] == UInt8(ascii: ">") || (bytes[at] == UInt8(ascii: "/") && at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: ">")),
           let found = tagStart(name, from: lastEnd, before: at) {
            start = found
            contentStart = at + (bytes[at] == UInt8(ascii: "/") ? 2 : 1)
            implied = false
        } else if at < 0 {
            tree.placesHold = false
        }
        let node = PageTree.Node(kind: .element, name: name.lowercased(), attributes: attributes, parent: open.last, start: start,
                                 contentStart: contentStart, contentEnd: contentStart, end: contentStart, text: "", implied: implied)
        append(node)
        open.append(tree.nodes.count - 1)
        lastEnd = contentStart
    }

    func end(_ name: String) {
        guard let element = open.last else { return }
        let at = position
        if let tag = endTagStart(name, endingAt: at), tag >= lastEnd {
            tree.nodes[element].contentEnd = tag
            tree.nodes[element].end = at
            lastEnd = at
        } else {
            // Closed by what came next (`<p>` by the next `<p>`, `<li>` by `</ul>`): it ends where its content did.
            tree.nodes[element].contentEnd = lastEnd
            tree.nodes[element].end = lastEnd
        }
        open.removeLast()
    }

    func text(_ words: String) {
        let at = position
        guard at >= lastEnd else {
            tree.placesHold = false
            return
        }
        let start = afterStrayEndTags(from: lastEnd, before: at)
        if start == lastEnd, let parent = open.last, let last = tree.nodes[parent].children.last, tree.nodes[last].kind == .text,
           tree.nodes[last].end == lastEnd {
            tree.nodes[last].text += words
            tree.nodes[last].end = at
            tree.nodes[last].contentEnd = at
        } else if !full {
            append(PageTree.Node(kind: .text, name: "", attributes: [], parent: open.last, start: start, contentStart: start,
                                 contentEnd: at, end: at, text: words, implied: false))
        }
        lastEnd = at
    }

    func comment(_ words: String) {
        let at = position
        guard at >= lastEnd, !full else { return }
        let start = find(Array("<!--".utf8), from: lastEnd, before: at) ?? lastEnd
        append(PageTree.Node(kind: .comment, name: "", attributes: [], parent: open.last, start: start, contentStart: start,
                             contentEnd: at, end: at, text: words, implied: false))
        lastEnd = at
    }

    /// Past the end tags the parser dropped (a `</p>` with no `<p>` open): they come
    /// to no event, so they stand before the text that follows them.
    private func afterStrayEndTags(from start: Int, before end: Int) -> Int {
        let bytes = tree.utf8
        var index = start
        while true {
            var probe = index
            while probe < end, bytes[probe] == 0x20 || bytes[probe] == 0x0A || bytes[probe] == 0x09 || bytes[probe] == 0x0D { probe += 1 }
            guard probe + 1 < end, bytes[probe] == UInt8(ascii: "<"), bytes[probe + 1] == UInt8(ascii: "/"),
                  let close = bytes[probe..<end].firstIndex(of: UInt8(ascii: ">")) else { return index }
            index = close + 1
        }
    }

    private func append(_ node: PageTree.Node) {
        tree.nodes.append(node)
        if let parent = node.parent { tree.nodes[parent].children.append(tree.nodes.count - 1) }
    }

    /// The `<` of the first `<name` (a whole name) from `from` up to `before`.
    private func tagStart(_ name: String, from: Int, before: Int) -> Int? {
        let wanted = Array(name.lowercased().utf8)
        var index = max(0, from)
        let bytes = tree.utf8
        while index < before, let open = find([UInt8(ascii: "<")], from: index, before: before) {
            let after = open + 1 + wanted.count
            if after <= bytes.count, zip(bytes[(open + 1)...], wanted).allSatisfy({ $0 | 0x20 == $1 | 0x20 }),
               after == bytes.count || !PageTree.isNameByte(bytes[after]) {
                return open
            }
            index = open + 1
        }
        return nil
    }

    /// The `<` of the `</name>` that ends just before `at`.
    private func endTagStart(_ name: String, endingAt at: Int) -> Int? {
        let bytes = tree.utf8
        guard at > 0, at <= bytes.count, bytes[at - 1] == UInt8(ascii: ">") else { return nil }
        let floor = max(0, at - 64 - name.utf8.count)
        guard let open = bytes[floor..<(at - 1)].lastIndex(of: UInt8(ascii: "<")), open + 1 < at, bytes[open + 1] == UInt8(ascii: "/") else { return nil }
        let written = bytes[(open + 2)..<(at - 1)].prefix { PageTree.isNameByte($0) }
        guard written.count == name.utf8.count, zip(written, name.utf8).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return nil }
        return open
    }

    private func find(_ needle: [UInt8], from: Int, before: Int) -> Int? {
        let bytes = tree.utf8
        var index = max(0, from)
        let last = min(before, bytes.count) - needle.count
        while index <= last {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

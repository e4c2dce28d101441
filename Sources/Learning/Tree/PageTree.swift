/// A page as a person sees it laid out: libxml2's HTML parser reads it into elements,
/// text and comments, each kept with its place in the page's bytes, so that what the
/// tree shows (a value's element, its label, its box and heading, a list's items) can
/// be written as the pack's patterns over those same bytes and checked there.
public struct PageTree: Sendable {
    public enum Kind: Sendable, Equatable {
        case element, text, comment
    }

    public struct Attribute: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    public struct Node: Sendable {
        public let kind: Kind
        /// An element's name, lower-cased; empty for text and comments.
        public let name: String
        public let attributes: [Attribute]
        public let parent: Int?
        public internal(set) var children: [Int] = []
        /// Where it starts in the page's bytes: an element's `<`, a text's first byte.
        public let start: Int
        /// Where an element's content starts: after its start tag (at `start` for an
        /// element the parser implied, which has no tag of its own).
        public let contentStart: Int
        /// Where its content ends: before its end tag, or where it was closed without one.
        public internal(set) var contentEnd: Int
        /// After its end tag, or where it was closed without one.
        public internal(set) var end: Int
        /// A text's or a comment's words, entities decoded.
        public internal(set) var text: String
        /// An element the page has no tag for (libxml2 implies `<body>`, `<p>`).
        public let implied: Bool
    }

    public internal(set) var nodes: [Node] = []
    /// False when the places did not hold as the page was read (libxml2 stopped early,
    /// or a tag was not where the parser said): the tree then locates nothing.
    public internal(set) var placesHold = true
    /// The page's bytes the places point into.
    public let utf8: [UInt8]
    /// Each node's visibility, worked out once the tree is read (`settleVisibilities`).
    var visibilities: [Visibility] = []

    init(utf8: [UInt8]) {
        self.utf8 = utf8
    }

    // MARK: Reading the tree

    public func attribute(_ name: String, of node: Int) -> String? {
        nodes[node].attributes.first { $0.name == name }?.value
    }

    /// The words of an element's `class`.
    public func classes(of node: Int) -> [String] {
        (attribute("class", of: node) ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
    }

    public func isElement(_ node: Int) -> Bool { nodes[node].kind == .element }

    /// The node's ancestors, nearest first.
    public func ancestors(of node: Int) -> [Int] {
        var found = [Int]()
        var current = nodes[node].parent
        while let parent = current {
            found.append(parent)
            current = nodes[parent].parent
        }
        return found
    }

    /// Whether `ancestor` holds `node` (or is it).
    public func holds(_ ancestor: Int, _ node: Int) -> Bool {
        node == ancestor || ancestors(of: node).contains(ancestor)
    }

    public func elementChildren(of node: Int) -> [Int] {
        nodes[node].children.filter(isElement)
    }

    /// The element children before `node` in its parent, nearest first.
    public func elementsBefore(_ node: Int) -> [Int] {
        guard let parent = nodes[node].parent, let index = nodes[parent].children.firstIndex(of: node) else { return [] }
        return nodes[parent].children[..<index].reversed().filter(isElement)
    }

    /// The nodes between two siblings that are text with something to read.
    public func wordsBetween(_ first: Int, _ second: Int) -> String {
        guard let parent = nodes[first].parent, let from = nodes[parent].children.firstIndex(of: first),
              let to = nodes[parent].children.firstIndex(of: second), from < to else { return "" }
        return nodes[parent].children[(from + 1)..<to].map { text(of: $0) }.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The deepest element, text or comment whose bytes hold `offset`.
    public func node(at offset: Int) -> Int? {
        guard placesHold else { return nil }
        // Nodes are numbered in page order: the last that starts at or before the offset,
        // then up through its ancestors to the first that has not ended there.
        var low = 0, high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        var current: Int? = low - 1
        while let node = current, node >= 0 {
            if nodes[node].start <= offset && offset < max(nodes[node].end, nodes[node].start + 1) { return node }
            current = nodes[node].parent
        }
        return nil
    }

    /// Whether `offset` stands inside the start tag of element `node` (an attribute's value).
    public func isInStartTag(_ offset: Int, of node: Int) -> Bool {
        nodes[node].kind == .element && !nodes[node].implied && offset >= nodes[node].start && offset < nodes[node].contentStart
    }

    /// What a person reads in a node: its text and its descendants', entities decoded,
    /// white space collapsed; scripts, styles and comments left out. `limit`: about
    /// as many characters at most (the words around a value, not a whole page's).
    public func text(of node: Int, limit: Int = .max) -> String {
        var words = ""
        appendText(of: node, to: &words, limit: limit)
        return words.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func appendText(of node: Int, to words: inout String, limit: Int) {
        guard words.utf8.count < limit else { return }
        switch nodes[node].kind {
        case .text:
            words += nodes[node].text
        case .comment:
            return
        case .element:
            guard !PageTree.unread.contains(nodes[node].name) else { return }
            if PageTree.breaks.contains(nodes[node].name) { words += " " }
            for child in nodes[node].children { appendText(of: child, to: &words, limit: limit) }
            if PageTree.breaks.contains(nodes[node].name) { words += " " }
        }
    }

    /// The last node inside `node` (itself when it holds none): nodes are numbered in
    /// page order, so a node's descendants are the ones numbered after it up to this.
    public func lastDescendant(of node: Int) -> Int {
        var last = node
        while let child = nodes[last].children.last { last = child }
        return last
    }

    /// Whether an element holds another element of its own name (a `<div>` in a `<div>`).
    func holdsItsOwnName(_ element: Int) -> Bool {
        let last = lastDescendant(of: element)
        return last > element && nodes[(element + 1)...last].contains { $0.kind == .element && $0.name == nodes[element].name }
    }

    /// Elements whose text no one reads on the page.
    static let unread: Set<String> = ["script", "style", "template", "noscript", "head", "title", "svg"]
    /// Elements that stand on lines of their own, so that their words do not run into the next.
    static let breaks: Set<String> = [
        "br", "p", "div", "li", "tr", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol",
        "section", "article", "header", "footer", "nav", "aside", "main", "form", "blockquote", "pre", "hr", "dl",
    ]

    /// The first node, in page order, that holds both.
    public func commonAncestor(_ first: Int, _ second: Int) -> Int? {
        let chain = [first] + ancestors(of: first)
        let other = Set([second] + ancestors(of: second))
        return chain.first { other.contains($0) }
    }
}

/// The boxes a value stands in, as `within` patterns: where its label (or class) is
/// written in more than one box of the page (two statistics boxes with the same
/// labels), the value's own box is told apart by its id, a class that names it, or
/// its heading, and the field reads inside that box only.
struct BlockScopes {
    let tree: PageTree

    struct Scope {
        /// How the box is found, in words: "the box <div class=\"stats\">".
        let anchor: String
        let within: String
        /// The box's element.
        let element: Int
        /// What it adds to a candidate's rank: a box told by its first words (a title
        /// that may differ from member to member: "Pinned", "Popular repositories")
        /// comes after reading the value unscoped where that holds.
        var cost = 1
    }

    /// The boxes around `node`, nearest first, each as many ways as it can be told apart;
    /// then, past `limit`, the three nearest by the words they start with, where the boxes
    /// are alike but for their titles (`<h2>Goods <nav>…Owned 38` after `<h2>Figures
    /// <nav>…Owned 121`) and the title is none of the member's own (`changing`).
    func scopes(around node: Int, limit: Int = 8, unless changing: (String) -> Bool = { _ in true }) -> [Scope] {
        var found = [Scope]()
        var titled = [Scope]()
        for element in tree.ancestors(of: node) where !tree.nodes[element].implied && !["html", "body", "head"].contains(tree.nodes[element].name) {
            if found.count < limit {
                found += ownScopes(element)
                found += headingScopes(element, before: node)
            }
            if titled.count < 3, let scope = firstWordsScope(element, unless: changing, notAt: node) { titled.append(scope) }
            if found.count >= limit && titled.count >= 3 { break }
        }
        return Array(found.prefix(limit)) + titled
    }

    /// A box by its own id or a class that names it, to its own end tag.
    func ownScopes(_ element: Int) -> [Scope] {
        let name = tree.nodes[element].name
        let nests = nests(element)
        return namedStartTags(element).map { named, opening in
            Scope(anchor: "the box <\(name) \(named)>", within: ElementPatterns.content(of: name, opening: opening, nests: nests), element: element)
        }
    }

    /// The start tag of `element` by its own id, then by up to two classes that name it
    /// (neither made by a script nor layout): `id="stats"` and its pattern.
    func namedStartTags(_ element: Int) -> [(named: String, opening: String)] {
        let name = tree.nodes[element].name
        var tags = [(named: String, opening: String)]()
        if let id = tree.attribute("id", of: element), !id.isEmpty, !AnchorWords.looksGenerated(id) {
            tags.append(("id=\"\(id)\"", ElementPatterns.startTag(name, attribute: "id", value: id)))
        }
        for word in tree.classes(of: element).filter({ !AnchorWords.looksGenerated($0) && !AnchorWords.isLayout($0) }).prefix(2) {
            tags.append(("class=\"\(word)\"", ElementPatterns.startTag(name, attribute: "class", value: word)))
        }
        return tags
    }

    /// A box by the words it starts with, as its header says them: a table whose first
    /// cell says "Thread", among tables of one class. Never by words `changing` says
    /// change from page to page (a member's own), nor by the text of the value itself
    /// (`notAt`: "98 problems" starts its box, and another member's says "410 problems").
    func firstWordsScope(_ element: Int, unless changing: (String) -> Bool, notAt valueText: Int? = nil) -> Scope? {
        guard let first = firstText(in: element), first != valueText else { return nil }
        let words = tree.nodes[first].text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard words.contains(where: \.isLetter), words.count <= 40, words.split(separator: " ").count <= 5, !TreeAnchors.looksLikeAValue(words),
              !changing(words) else { return nil }
        let name = tree.nodes[element].name
        let opening = "<\(name)\\b[^>]*>(?=(?:\\s|<[^>]+>)*" + ElementPatterns.words(words) + "\\s*<)"
        return Scope(anchor: "the box <\(name)> whose first words are '\(words)'",
                     within: ElementPatterns.content(of: name, opening: opening, nests: nests(element)), element: element, cost: 3)
    }

    /// The first text with words in `element`, through its elements in page order.
    private func firstText(in element: Int) -> Int? {
        for child in tree.nodes[element].children {
            switch tree.nodes[child].kind {
            case .text where tree.nodes[child].text.contains(where: { !$0.isWhitespace }): return child
            case .element: if let found = firstText(in: child) { return found }
            default: continue
            }
        }
        return nil
    }

    /// A box by its heading: a heading element among its first children, before the
    /// value, whose words are a title (letters, short). The box is read from the
    /// heading to the next heading of the same level.
    func headingScopes(_ element: Int, before node: Int) -> [Scope] {
        for child in tree.elementChildren(of: element).prefix(4) where tree.nodes[child].start < tree.nodes[node].start {
            guard let heading = firstHeading(in: child) else { continue }
            let words = tree.text(of: heading)
            guard words.contains(where: \.isLetter), words.count <= 80, !tree.holds(heading, node) else { continue }
            let level = tree.nodes[heading].name
            let within = "<\(level)\\b[^>]*>" + ElementPatterns.skip + ElementPatterns.words(words) + "\\s*(?:<[^>]+>\\s*)*</\(level)\\s*>(.*?)(?=<\(level)\\b|\\z)"
            return [Scope(anchor: "the box under the heading '\(words)'", within: within, element: element)]
        }
        return []
    }

    /// Whether the element may hold another of its own name (a `<div>` in a `<div>`): it
    /// does on this page, or its kind does on others.
    /// Elements of these names hold others of their name on one page or another (a
    /// list in a list's item, a box in a box): their region is always matched to its own end.
    static let nesting: Set<String> = ["div", "ul", "ol", "table", "span", "section", "article", "aside", "li", "dl", "blockquote", "nav", "main", "form"]

    func nests(_ element: Int) -> Bool {
        BlockScopes.nesting.contains(tree.nodes[element].name) || tree.holdsItsOwnName(element)
    }

    private func firstHeading(in element: Int) -> Int? {
        if PageTree.headings.contains(tree.nodes[element].name) { return element }
        for child in tree.elementChildren(of: element).prefix(3) {
            if let found = firstHeading(in: child) { return found }
        }
        return nil
    }
}

extension PageTree {
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
}

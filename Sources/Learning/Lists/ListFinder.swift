import Packs

/// A list as the page's tree shows it: the element that holds the rows a person gave
/// the titles of (a `<tbody>`, a `<ul>`, a box of cards), and its items: the children
/// of that element of the same kind as those that hold the titles. A list is its own
/// section: it ends with that element, never running on into the next list.
struct ListFinder {
    let sample: SamplePage

    struct Found {
        /// The element that holds the items.
        let container: Int
        /// Every item of the list, in page order.
        let items: [Int]
        /// For each title given, the item that holds it and the element that is its title.
        let titled: [(item: Int, title: Int)]
        /// Where the list ends: the heading of the section after it in the same element,
        /// else the element's end.
        let end: Int
    }

    var tree: PageTree { sample.tree }

    /// The list the titles stand in, or nil when they stand in no list: not all on the
    /// page, or not each in an item of its own of one element holding them all. Of the
    /// places the titles could stand in (a title also written in a menu, a heading, a
    /// description), the one whose items hold most of `values` (a value given for a
    /// titled row, found in that row), then the tightest.
    func find(titles: [String], values: [(title: String, finder: ValueFinder)]) -> Found? {
        let elements = titles.map(titleElements)
        guard let firsts = elements.first, elements.allSatisfy({ !$0.isEmpty }) else { return nil }
        var best: (score: (Int, Int), found: Found)?
        for first in firsts.prefix(30) {
            var chosen = [first]
            for later in elements.dropFirst() {
                guard let next = later.first(where: { tree.nodes[$0].start > tree.nodes[chosen.last ?? first].start }) else { break }
                chosen.append(next)
            }
            guard chosen.count == titles.count, let found = list(of: chosen) else { continue }
            let held = values.count { value in
                guard let index = titles.firstIndex(of: value.title) else { return false }
                let item = found.titled[index].item
                return !value.finder.occurrences(in: Array(sample.utf8[tree.nodes[item].start..<tree.nodes[item].end]), everywhere: true, limit: 1).isEmpty
            }
            let score = (held, -(tree.nodes[chosen.last ?? first].start - tree.nodes[first].start))
            if best.map({ score > $0.score }) ?? true { best = (score, found) }
        }
        return best?.found
    }

    /// The elements whose whole words are `title`, in the page's content (then aside), page order.
    func titleElements(_ title: String) -> [Int] {
        let wanted = title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var found = [(element: Int, rank: Int)]()
        for node in tree.nodes.indices where tree.nodes[node].kind == .text && tree.nodes[node].text.contains(where: { !$0.isWhitespace }) {
            guard var element = tree.nodes[node].parent, tree.text(of: element) == wanted else { continue }
            let visibility = tree.visibility(of: node)
            if case .hidden = visibility { continue }
            // The highest element that says only the title: `<a><span>Title</span></a>` is the link.
            while let parent = tree.nodes[element].parent, tree.text(of: parent) == wanted, !tree.nodes[parent].implied { element = parent }
            if !found.contains(where: { $0.element == element }) { found.append((element, visibility.rank)) }
        }
        // A title held in an attribute (`<a title="Stack Overflow">`), where the text is an icon or a count.
        for node in tree.nodes.indices where tree.nodes[node].kind == .element {
            guard ["title", "alt", "aria-label"].contains(where: { tree.attribute($0, of: node)?.split(whereSeparator: \.isWhitespace).joined(separator: " ") == wanted }),
                  case .content = tree.visibility(of: node), !found.contains(where: { $0.element == node }) else { continue }
            found.append((node, 1))
        }
        return found.sorted { ($0.rank, tree.nodes[$0.element].start) < ($1.rank, tree.nodes[$1.element].start) }.map(\.element)
    }

    /// The list whose items hold `titles`, one each: the nearest element holding them
    /// all, and its children of the kind of those that hold the titles.
    func list(of titles: [Int]) -> Found? {
        guard var container = titles.first.flatMap({ tree.nodes[$0].parent }) else { return nil }
        for title in titles.dropFirst() {
            guard let common = tree.commonAncestor(container, title) else { return nil }
            container = common
        }
        let holders = titles.map { title in ([title] + tree.ancestors(of: title)).first { tree.nodes[$0].parent == container } }
        guard holders.allSatisfy({ $0 != nil }) else { return nil }
        let items = holders.compactMap { $0 }
        guard Set(items).count == items.count, let kind = items.first.map({ tree.nodes[$0].name }), items.allSatisfy({ tree.nodes[$0].name == kind }) else {
            return nil
        }
        // Its kind: the name, what it holds first (a row of cells, not the header's row),
        // and a title of the titles' kind (not a section's heading row).
        let firsts = Set(items.map(firstChild))
        let titleKind = TitleKind(tree: tree, titles: titles)
        let alike = tree.elementChildren(of: container).filter { tree.nodes[$0].name == kind && firsts.contains(firstChild($0)) }
        let qualifying = Set(alike.filter { titleKind.isHeld(in: $0) })
        // The list's own run: a sibling that holds a heading ends it (the next section of one table).
        var run = [Int]()
        let siblings = tree.elementChildren(of: container)
        guard let first = items.min(by: { tree.nodes[$0].start < tree.nodes[$1].start }), let last = items.max(by: { tree.nodes[$0].start < tree.nodes[$1].start }),
              let firstIndex = siblings.firstIndex(of: first), let lastIndex = siblings.firstIndex(of: last) else { return nil }
        // (An item may hold a heading of its own, a card's title: only what is not an item ends the run.)
        let ends = { (sibling: Int) in !qualifying.contains(sibling) && self.holdsHeading(sibling) }
        var start = firstIndex
        while start > 0, !ends(siblings[start - 1]) { start -= 1 }
        var end = lastIndex
        while end + 1 < siblings.count, !ends(siblings[end + 1]) { end += 1 }
        for sibling in siblings[start...end] where qualifying.contains(sibling) { run.append(sibling) }
        let listEnd = end + 1 < siblings.count ? headingStart(in: siblings[end + 1]) : tree.nodes[container].contentEnd
        return Found(container: container, items: run, titled: Array(zip(items, titles)), end: listEnd)
    }

    private func firstChild(_ element: Int) -> String {
        tree.elementChildren(of: element).first.map { tree.nodes[$0].name } ?? ""
    }

    /// Whether an element holds a heading (`<h2>Technical Blogs</h2>` in a row of its own).
    private func holdsHeading(_ element: Int) -> Bool {
        let last = tree.lastDescendant(of: element)
        return tree.nodes[element...last].contains { $0.kind == .element && PageTree.headings.contains($0.name) }
    }

    /// Where the first heading an element holds starts.
    private func headingStart(in element: Int) -> Int {
        let last = tree.lastDescendant(of: element)
        return tree.nodes[element...last].first { $0.kind == .element && PageTree.headings.contains($0.name) }?.start ?? tree.nodes[element].start
    }
}

/// What the titles of a list's rows are: elements of one name, with the attributes they
/// all share (a class, `itemprop`, `data-stat`, an id with its digits generalised). An
/// item of the list holds one; a section's heading row, a spacer or an ad does not.
struct TitleKind {
    let name: String
    let attributes: [(name: String, value: String)]
    let tree: PageTree

    init(tree: PageTree, titles: [Int]) {
        self.tree = tree
        name = titles.first.map { tree.nodes[$0].name } ?? ""
        var shared = titles.first.map { TitleKind.marks(of: $0, in: tree) } ?? []
        for title in titles.dropFirst() {
            let marks = TitleKind.marks(of: title, in: tree)
            shared = shared.filter { mark in marks.contains { $0 == mark } }
        }
        attributes = shared
    }

    /// An element's marks: each class word, its `itemprop` and data attributes, its id's shape.
    static func marks(of element: Int, in tree: PageTree) -> [(name: String, value: String)] {
        var marks = tree.classes(of: element).map { (name: "class", value: $0) }
        for attribute in tree.nodes[element].attributes where attribute.name == "itemprop" || attribute.name.hasPrefix("data-") {
            marks.append((attribute.name, attribute.value))
        }
        if let id = tree.attribute("id", of: element) { marks.append(("id", ElementPatterns.generalised(id))) }
        return marks
    }

    func isHeld(in item: Int) -> Bool {
        let last = tree.lastDescendant(of: item)
        return (item...last).contains { node in
            guard tree.nodes[node].kind == .element, tree.nodes[node].name == name else { return false }
            let marks = TitleKind.marks(of: node, in: tree)
            return attributes.allSatisfy { wanted in marks.contains { $0 == wanted } }
        }
    }
}

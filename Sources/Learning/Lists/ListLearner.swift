import Extraction
import Packs

/// A list learned from the page's tree: its section (a `within` that ends with the
/// element holding the items), where each item starts (`row_start`, cutting exactly
/// the items the tree shows, no more and none in two), its title and the values given
/// for titled rows, each checked row by row against its own title.
struct ListLearner {
    let suggester: PatternSuggester
    let main: SamplePage
    /// The other pages given, with the row values read on each: a row field's pattern
    /// reads those too where one does.
    var also: [(page: Page, values: [RowExample])] = []

    struct Learned {
        var within: [String]
        var withinAnchor: String
        var rowStart: String
        var rowStartAnchor: String
        var title: PatternSuggester.Candidate
        var fields: [PatternSuggester.Candidate] = []
        /// Row fields some rows show without (nor their sign): their sign, for `present`.
        var present: [String: String] = [:]
        /// The row fields given for no row this learner could read, with why.
        var unlearned: [(example: PatternSuggester.Example, why: String)] = []
        /// Items the tree shows in the list's section on the page learned from.
        var items: Int
        /// The list's element with nothing in it (`<ul class="posts"></ul>`), each way it
        /// can be named: a sign of an empty list, where a page given shows one.
        var emptyBoxes: [(anchor: String, pattern: String)] = []
        /// The sign chosen (`absent`): one of `emptyBoxes`.
        var absent: (anchor: String, pattern: String)?

        /// The collection as pack TOML: its section, where rows start, its fields.
        func toml(collection: String, source: String) -> String {
            let key = PatternSuggester.tomlKey(collection)
            var text = "# its section: \(PackLearner.comment(withinAnchor)); a row starts at \(PackLearner.comment(rowStartAnchor))\n"
            text += "[collections.\(key)]\nsource = \"\(source)\"\n"
            if !within.isEmpty { text += "within = [" + within.map { "'\($0)'" }.joined(separator: ", ") + "]\n" }
            text += "row_start = '\(rowStart)'\n"
            if let absent { text += "# empty where the page shows \(PackLearner.comment(absent.anchor))\nabsent = '\(absent.pattern)'\n" }
            for field in [title] + fields {
                text += "\n# from \(PackLearner.comment(field.anchor))\n[collections.\(key).fields.\(PatternSuggester.tomlKey(field.field))]\n"
                text += "type = \"\(field.type.rawValue)\"\n"
                if let sign = present[field.field] { text += "present = '\(sign)'\n" }
                text += "pattern = '\(field.pattern)'\n"
            }
            return text
        }
    }

    /// A row value a person gave: the title of its row, and the value.
    typealias RowExample = (title: String, example: PatternSuggester.Example)

    func learn(titles: [String], values: [RowExample]) -> Result<Learned, NotLearned> {
        let finders = values.compactMap { value in
            ValueFinder(value: value.example.value, type: value.example.type, engine: suggester.engine).map { (value.title, $0) }
        }
        guard let found = ListFinder(sample: main).find(titles: titles, values: finders) else {
            return .failure(.noList(page: main.origin, why: "no one list holds every title, one row each: " + suggester.whyNoRows(titles, page: main.page)))
        }
        let sections = sectionScopes(found)
        let starts = rowStarts(found)
        guard !starts.isEmpty else {
            return .failure(.noList(page: main.origin, why: "the list's items share no start tag"))
        }
        for section in sections {
            for start in starts where cutsItems(found, within: section.within, rowStart: start.pattern) {
                guard let title = titlePattern(found, titles: titles, within: section.within, rowStart: start.pattern) else { continue }
                var learned = Learned(within: section.within, withinAnchor: section.anchor, rowStart: start.pattern, rowStartAnchor: start.anchor,
                                      title: title, items: found.items.count, emptyBoxes: emptyBoxes(found))
                rowFields(values, titles: titles, found: found, into: &learned)
                return .success(learned)
            }
        }
        return .failure(.noList(page: main.origin, why: "the list has \(found.items.count) items, but no pattern reads each title in its own row"))
    }

    // MARK: The section and the rows

    /// The list's element, by its id or a class that names it, with nothing in it but
    /// white space and comments.
    private func emptyBoxes(_ found: ListFinder.Found) -> [(anchor: String, pattern: String)] {
        let name = main.tree.nodes[found.container].name
        return BlockScopes(tree: main.tree).namedStartTags(found.container).map { named, opening in
            ("<\(name) \(named)> with nothing in it", opening + "(?:\\s|&nbsp;|<!--.*?-->)*</\(name)\\s*>")
        }
    }

    /// Ways to keep the rows to the list's own section: the list's element by its id or
    /// class, by an ancestor's and then its own tag, as the page's first of its tag; the
    /// heading over it (to the next heading of its level: a table of several lists
    /// under headings); last, the whole page.
    private func sectionScopes(_ found: ListFinder.Found) -> [(anchor: String, within: [String])] {
        let tree = main.tree
        let container = found.container
        let scopes = BlockScopes(tree: tree)
        var options = scopes.ownScopes(container).map { ($0.anchor, [$0.within]) }
        let name = tree.nodes[container].name
        let own = ElementPatterns.content(of: name, opening: "<\(name)\\b[^>]*>", nests: scopes.nests(container))
        let ancestors = tree.ancestors(of: container).prefix(6).filter { !tree.nodes[$0].implied }
        for ancestor in ancestors {
            for scope in scopes.ownScopes(ancestor) { options.append(("\(scope.anchor), its first <\(name)>", [scope.within, own])) }
        }
        options.append(("the page's first <\(name)>", [own]))
        if let first = found.items.first {
            for scope in scopes.headingScopes(container, before: first) { options.append((scope.anchor, [scope.within])) }
        }
        for ancestor in ancestors {
            for scope in scopes.headingScopes(ancestor, before: container) { options.append(("\(scope.anchor), its first <\(name)>", [scope.within, own])) }
        }
        // By the words the list's element starts with (its header's), where nothing else
        // tells it from the page's other elements of its kind; a member's own words are none.
        if let scope = scopes.firstWordsScope(container, unless: main.holdsKnownValue) {
            options.append((scope.anchor, [scope.within]))
        }
        return options + [("the whole page", [])]
    }

    /// Row starts the items share, steadiest first: a class that names the item
    /// (`TopicItem`, `card`), an attribute every item carries alike (`itemtype`, an id
    /// with its digits generalised), the bare tag, the tag holding its first kind of
    /// child (a row of cells, not the header's), layout classes last.
    private func rowStarts(_ found: ListFinder.Found) -> [(anchor: String, pattern: String)] {
        let tree = main.tree
        guard let first = found.items.first else { return [] }
        let name = tree.nodes[first].name
        var named = [(anchor: String, pattern: String)](), layout = [(anchor: String, pattern: String)]()
        for word in tree.classes(of: first) where found.items.allSatisfy({ tree.classes(of: $0).contains(word) }) && !AnchorWords.looksGenerated(word) {
            let start = ("<\(name) class=\"\(word)\">", ElementPatterns.startTag(name, attribute: "class", value: word, whole: false))
            if AnchorWords.isLayout(word) { layout.append(start) } else { named.append(start) }
        }
        for attribute in tree.nodes[first].attributes where attribute.name != "class" && attribute.name != "style" {
            let shared = found.items.allSatisfy { item in
                guard let value = tree.attribute(attribute.name, of: item) else { return false }
                return attribute.name == "id" ? ElementPatterns.generalised(value) == ElementPatterns.generalised(attribute.value) : value == attribute.value
            }
            guard shared, !attribute.value.isEmpty, attribute.value.count <= 80, !AnchorWords.looksGenerated(attribute.value) else { continue }
            named.append(("<\(name) \(attribute.name)=\"\(attribute.value)\">", ElementPatterns.startTag(name, attribute: attribute.name, value: attribute.value, whole: false)))
        }
        var bare = [("<\(name)>", "<\(name)\\b")]
        // Items whose first element is of one kind (a row of <td> cells, not the header's <th>).
        let firstChildren = Set(found.items.compactMap { tree.elementChildren(of: $0).first.map { tree.nodes[$0].name } })
        if firstChildren.count == 1, let child = firstChildren.first {
            bare.append(("<\(name)> holding a <\(child)> first", "<\(name)\\b(?=[^>]*>\\s*<\(child)\\b)"))
            // Or the class those first elements share, where a header row's is another
            // (`<td class="alt1">` in each row, `<td class="thead">` in the header's).
            let firsts = found.items.compactMap { tree.elementChildren(of: $0).first }
            if let shared = firsts.first.map(tree.classes)?.first(where: { word in !AnchorWords.looksGenerated(word) && firsts.allSatisfy { tree.classes(of: $0).contains(word) } }) {
                bare.append(("<\(name)> holding a <\(child) class=\"\(shared)\"> first",
                             "<\(name)\\b(?=[^>]*>\\s*" + ElementPatterns.startTag(child, attribute: "class", value: shared, whole: false) + ")"))
            }
        }
        // Inside a list's own element (a <tbody>, a <ul>) every child of its kind is an
        // item: the bare tag keeps them all (a season split by team as well); in a page's
        // body, a class that names the items keeps out whatever else stands there.
        let loose = ["body", "html", "main", "form"].contains(tree.nodes[found.container].name)
        return loose ? named + bare + layout : bare + named + layout
    }

    /// Whether the rows cut inside `within` start exactly where the tree's items do, and
    /// the last ends with the list (not running on into the section after it).
    private func cutsItems(_ found: ListFinder.Found, within: [String], rowStart: String) -> Bool {
        guard let (extractor, rule) = onePack(within: within, rowStart: rowStart, fields: []),
              let regions = extractor.rowRegions(of: rule, on: main.page) else { return false }
        guard regions.map(\.lowerBound) == found.items.map({ main.tree.nodes[$0].start }) else { return false }
        return within.isEmpty || (regions.last?.upperBound ?? 0) <= found.end
    }

    /// A one-list pack of `within`, `rowStart` and `fields` (name, type, pattern).
    func onePack(within: [String], rowStart: String, fields: [(String, FieldType, String)], present: [String: String] = [:]) -> (Extractor, CollectionRule)? {
        var toml = suggester.packHead + "[collections.rows]\nsource = \"\(suggester.source)\"\n"
        if !within.isEmpty { toml += "within = [" + within.map { "'\($0)'" }.joined(separator: ", ") + "]\n" }
        toml += "row_start = '\(rowStart)'\n"
        for (name, type, pattern) in fields {
            toml += "[collections.rows.fields.\(PatternSuggester.tomlKey(name))]\ntype = \"\(type.rawValue)\"\npattern = '\(pattern)'\n"
            if let sign = present[name] { toml += "present = '\(sign)'\n" }
        }
        if fields.isEmpty { toml += "[collections.rows.fields.any]\npattern = '(?s)^(.)'\n" }
        guard let pack = try? PackLoader(engine: suggester.engine).load(toml: toml, file: "suggestion"), let rule = pack.collection(named: "rows") else { return nil }
        return (Extractor(pack: pack, baseURL: suggester.baseURL), rule)
    }
}

extension PatternSuggester {
    /// A list learned for `patterns suggest`: its TOML, how many rows it reads on the
    /// page and on each other page, and the row values it could not learn, a sentence each.
    public struct ListSuggestion: Sendable {
        public let toml: String
        public let rows: Int
        public let alsoRows: [Int]
        public let unlearned: [String]
    }

    public func suggestList(titles: [String], values: [PackLearner.RowValue], page: Page, also: [Page] = [], collection: String) -> Result<ListSuggestion, NotLearned> {
        let titled = values.compactMap { value in (value.title ?? titles.first).map { ($0, value.example) } }
        let learner = ListLearner(suggester: self, main: SamplePage(page))
        return learner.learn(titles: titles, values: titled).map { learned in
            let fields = ([learned.title] + learned.fields).map { ($0.field, $0.type, $0.pattern) }
            let alsoRows = also.map { other in
                learner.onePack(within: learned.within, rowStart: learned.rowStart, fields: fields)
                    .map { $0.0.extract([other]).collections["rows"]?.count ?? 0 } ?? 0
            }
            return ListSuggestion(toml: learned.toml(collection: collection, source: source), rows: learned.items, alsoRows: alsoRows,
                                  unlearned: learned.unlearned.map { "\($0.example.field) = \($0.example.value): \($0.why)" })
        }
    }

    /// The search for one value's patterns on `page`, with why none when none.
    public func search(_ example: Example, page: Page, also: [Page] = [], alsoExamples: [Example?] = []) -> FieldSearch {
        search(example, on: SamplePage(page), also: also.map(SamplePage.init), alsoExamples: alsoExamples)
    }
}

import Extraction
import Packs

/// The search for one field's pattern: every place the value is written on the page,
/// steadiest first (the page's content before attributes and menus, never a script or
/// a style sheet); at each, the patterns the tree suggests and those the markup right
/// before it suggests; each tried as a lookup would run it, alone and then inside each
/// box around the value in turn, until one reads the value at its place.
extension PatternSuggester {
    /// The patterns that read a value, best first, or why there is none.
    public struct FieldSearch: Sendable {
        public let candidates: [Candidate]
        /// Why nothing was learned; nil when a candidate was.
        public let notLearned: NotLearned?
    }

    /// Places tried at most, patterns at a place (steadiest first), and boxes around a place.
    static let placesTried = 16, candidatesTried = 24, scopesTried = 6

    /// `taken`: the patterns (with their `within`) other fields of the pack were learned
    /// with: another field's equal value (a score of 5 beside 5 points) is read by none of them.
    func search(_ example: Example, on main: SamplePage, also: [SamplePage], alsoExamples: [Example?], taken: Set<[String]> = []) -> FieldSearch {
        guard let finder = ValueFinder(value: example.value, type: example.type, engine: engine) else {
            return FieldSearch(candidates: [], notLearned: .notOnPage(page: main.origin, nearest: nil))
        }
        let (shown, hidden) = main.places(of: finder)
        guard !shown.isEmpty else {
            if let found = scriptSearch(example, hidden: hidden, main: main, also: also, alsoExamples: alsoExamples, taken: taken) { return found }
            let why: NotLearned = hidden.isEmpty ? .notOnPage(page: main.origin, nearest: NearestValue(sample: main).nearest(to: example))
                : .onlyHidden(page: main.origin, places: hidden.map(\.visibility.place))
            return FieldSearch(candidates: [], notLearned: why)
        }
        if let missing = knownValueMissing(also: also, alsoExamples: alsoExamples) { return FieldSearch(candidates: [], notLearned: missing) }
        var search = SearchState()
        let rowPlaces = main.placesInRowsGiven(shown, value: example.value, engine: engine)
        let names = Self.names(example.field, shown: shown, on: main, rowPlaces: rowPlaces)
        let named = zip(shown, names).filter(\.1).map(\.0)
        // A small number stands in many attributes (`item-category-1`, `alt="… 1/8"`): a
        // few of them, then the text of a menu or a header (a section's `<nav>` of counts),
        // then the rest.
        let others = zip(shown, names).filter { !$0.1 }.map(\.0)
        let attributes = others.filter { $0.visibility.rank == 1 }, content = others.filter { $0.visibility.rank == 0 }
        var ordered = named + content + attributes.prefix(4) + others.filter { $0.visibility.rank > 1 } + attributes.dropFirst(4)
        // Fields given one value here (0 topics, 0 likes) and on no other page are told
        // apart by the words that name a place; where none do, by order, as a person's
        // facts run down the page: the second such field reads the second place.
        let sharing = main.known.filter { $0.value == example.value }.map(\.field)
        let byOrder = sharing.count > 1 && alsoExamples.allSatisfy { $0 == nil } && named.isEmpty
        if byOrder, let turn = sharing.firstIndex(of: example.field), turn < content.count {
            ordered = [content[turn]] + ordered.filter { $0.range != content[turn].range }
        }
        ordered = ordered.filter { !rowPlaces.contains($0.range) } + ordered.filter { rowPlaces.contains($0.range) }
        for (index, place) in ordered.prefix(Self.placesTried).enumerated() {
            let after = (byOrder ? index : 0) + (rowPlaces.contains(place.range) ? 1 : 0)
            tryPlace(example, at: place, named: named.contains { $0.range == place.range }, othersNamed: !named.isEmpty, after: after,
                     main: main, also: also, alsoExamples: alsoExamples, into: &search)
            // A steady anchor that holds on every other page given: no need to look further.
            if search.verified.contains(where: { $0.rank <= 2 && !taken.contains($0.candidate.readingKey) }) { break }
        }
        let anyRead = !search.verified.isEmpty
        search.verified.removeAll { taken.contains($0.candidate.readingKey) }
        if anyRead, search.verified.isEmpty { return FieldSearch(candidates: [], notLearned: .readAsAnotherField(page: main.origin)) }
        // The steadier anchor first; of equals, the one that reads something on more of
        // the other pages (where no value was given, that it reads one is all it shows).
        let candidates = search.verified.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            let aHeld = a.candidate.alsoValues.count { $0 != nil }, bHeld = b.candidate.alsoValues.count { $0 != nil }
            if aHeld != bHeld { return aHeld > bHeld }
            return a.candidate.pattern.count + a.candidate.within.joined().count < b.candidate.pattern.count + b.candidate.within.joined().count
        }.map(\.candidate)
        return FieldSearch(candidates: candidates, notLearned: candidates.isEmpty ? search.cause(main: main, place: shown[0]) : nil)
    }

    /// Which of the places of a value name the field: the words around it ("Sponsoring 1"
    /// for `sponsoring`), there a person read it, whatever else shows the same number. Of
    /// equal values in one text ("0.02% of all posts / 0.02 posts per day"), the words
    /// beside each, where they name one; and none in a titled row that shows the row's
    /// value given (`rowPlaces`): that place is the list's.
    private static func names(_ field: String, shown: [SamplePage.Place], on main: SamplePage, rowPlaces: [Range<Int>]) -> [Bool] {
        // Named by the nearest words: a place named only by a wider box ("Goods … Owned"
        // around every section) is not, where another's own box names it. A number in an
        // attribute is no one's reading: nearer only where no text is named.
        let depths = shown.map { main.namingDepth(field, around: $0) }
        let read = shown.indices.filter { shown[$0].visibility.rank != 1 && depths[$0] != nil }
        let nearest = (read.isEmpty ? Array(shown.indices) : read).compactMap { depths[$0] }.min()
        var names = depths.map { $0 != nil && $0 == nearest }
        for crowded in Dictionary(grouping: shown.indices, by: { shown[$0].node }).values where crowded.count > 1 && shown[crowded[0]].node != nil {
            let phrased = crowded.filter { main.phraseNamesField(field, at: shown[$0]) }
            if !phrased.isEmpty { for index in crowded { names[index] = phrased.contains(index) } }
        }
        for index in shown.indices where rowPlaces.contains(shown[index].range) { names[index] = false }
        return names
    }

    /// A value only a script's data holds (a page a script draws): the key before it, at
    /// the first place where one reads it on this page and the others.
    private func scriptSearch(_ example: Example, hidden: [SamplePage.Place], main: SamplePage, also: [SamplePage], alsoExamples: [Example?],
                              taken: Set<[String]>) -> FieldSearch? {
        // A script's data writes a count whole (`"followers":1204`): a count learned as one a
        // page may round is an int there, read by an int's capture.
        let example = example.type == .rounded ? Example(field: example.field, value: example.value, type: .int) : example
        let anchors = ScriptDataAnchors(sample: main, type: example.type)
        for place in hidden.filter(anchors.holds).prefix(Self.placesTried) {
            // A place another field's key was learned at holds that field's equal value
            // (`"followers":5,"karma":5`).
            let candidates = anchors.candidates(at: place)
            guard !candidates.contains(where: { taken.contains([$0.pattern]) }) else { continue }
            for anchored in candidates {
                guard case .holds(let values, _) = trial(example, within: [], pattern: anchored.pattern, place: place, main: main, also: also,
                                                         alsoExamples: alsoExamples, inScript: true) else { continue }
                let candidate = Candidate(field: example.field, type: example.type, pattern: anchored.pattern, anchor: anchored.anchor,
                                          alsoValues: values, sign: anchored.sign, inScript: true)
                return FieldSearch(candidates: [candidate], notLearned: nil)
            }
        }
        return nil
    }

    /// What the search has found and learned on the way.
    struct SearchState {
        var verified = [(candidate: Candidate, rank: Int)]()
        var tried = Set<String>()
        /// Labels whose pattern read the value in another box, and could not be kept to this one.
        var repeatedLabels = [String]()
        var contradiction: NotLearned?

        func cause(main: SamplePage, place: SamplePage.Place) -> NotLearned {
            for label in repeatedLabels {
                // Elements whose own words are the label, once each (not the element around one too).
                let boxes = main.tree.nodes.indices.count { node in
                    main.tree.nodes[node].kind == .element && main.tree.visibility(of: node) == .content && main.tree.text(of: node, limit: 200) == label
                        && !main.tree.elementChildren(of: node).contains { main.tree.text(of: $0, limit: 200) == label }
                }
                if boxes >= 2 { return .labelRepeats(label: label, boxes: boxes, page: main.origin) }
            }
            return contradiction ?? .noPatternReadsIt(page: main.origin, place: place.visibility.place)
        }
    }

    /// The candidates at one place, each alone, then inside the boxes around the value.
    /// `after`: how many places the field's turn puts before this one (fields of one
    /// value told apart by order), each outranking it.
    private func tryPlace(_ example: Example, at place: SamplePage.Place, named: Bool, othersNamed: Bool, after: Int, main: SamplePage,
                          also: [SamplePage], alsoExamples: [Example?], into search: inout SearchState) {
        // Where the words around it name the field, a menu's place is as good as content's;
        // and another place of the same value, where words name the field at one, is
        // another field's (5 posts beside 5 badges: both read 7 on the next page too), by
        // as much as a menu's: a label of other words ("Threads 0") is no better anchor
        // than the named place's class in its box ("Goods 0").
        let penalty = (named ? 0 : place.visibility.rank * 20 + (othersNamed ? 20 : 0)) + (place.whole ? 0 : 2) + after * 100
        let scopes = place.node.map { BlockScopes(tree: main.tree).scopes(around: $0, limit: Self.scopesTried, unless: main.holdsKnownValue) } ?? []
        var scopedTries = 0
        for anchored in candidatePatterns(example.type, at: place, on: main).prefix(Self.candidatesTried) {
            let (anchor, rank, pattern) = (anchored.anchor, anchored.rank, anchored.pattern)
            guard search.tried.insert(pattern).inserted else { continue }
            let outcome = trial(example, within: [], pattern: pattern, place: place, main: main, also: also, alsoExamples: alsoExamples)
            switch outcome {
            case .holds(let values, let again):
                // The first of several alike ("12,345 games" of each kind of game): read by
                // its place in the page, it would read the next one where its box is gone.
                // Kept to its own box where one tells it apart, and that ranks first.
                search.verified.append((Candidate(field: example.field, type: example.type, pattern: pattern, anchor: anchor, alsoValues: values,
                                                  sign: anchored.sign), rank + penalty + (again ? 2 : 0)))
                guard again else { continue }
            case .contradicted(let page, let read):
                search.contradiction = search.contradiction ?? .otherPageDisagrees(page: page, value: alsoExamples.compactMap { $0 }.first?.value ?? "", read: read)
            case .unusable:
                continue
            case .misplaced, .wrong:
                break
            }
            let misplaced: Bool
            if case .misplaced = outcome { misplaced = true } else { misplaced = false }
            // Read elsewhere: the anchor stands in more than one box; keep it to the value's own.
            guard scopedTries < 12 else { continue }
            scopedTries += 1
            var kept = false
            for scope in scopes {
                guard case .holds(let values, _) = trial(example, within: [scope.within], pattern: pattern, place: place, main: main,
                                                      also: also, alsoExamples: alsoExamples) else { continue }
                search.verified.append((Candidate(field: example.field, type: example.type, pattern: pattern, anchor: "\(anchor), in \(scope.anchor)",
                                                  alsoValues: values, within: [scope.within], sign: anchored.sign), rank + penalty + scope.cost))
                kept = true
                break
            }
            // The label read the same value in another box, and no box kept it to this one.
            if !kept, misplaced, anchor.hasPrefix("the label '"), let label = anchor.dropFirst("the label '".count).split(separator: "'").first {
                search.repeatedLabels.append(String(label))
            }
        }
    }

    /// The patterns to try at a place, steadiest first: the tree's, then those the
    /// markup right before the value suggests.
    func candidatePatterns(_ type: FieldType, at place: SamplePage.Place, on sample: SamplePage) -> [TreeAnchors.Anchored] {
        let page = sample.utf8
        let spansTags = page[place.range].contains(UInt8(ascii: "<"))
        let holder = place.node.flatMap { sample.tree.nodes[$0].parent }.map { sample.tree.nodes[$0] }
        let anchors = TreeAnchors(sample: sample, type: type) { after, _ in
            self.captures(type, after: after, spansTags: spansTags, holder: holder.map { PageContext.Tag(name: $0.name, isEnd: false, id: nil, classes: []) })
        }
        let fromTree = sample.tree.placesHold ? anchors.candidates(at: place) : []
        var context = PageContext(page: page, before: place.range.lowerBound)
        // The member's own ID before the value is no label: another member's page shows theirs.
        if let label = context.label, sample.holdsMemberID(label) { context.label = nil }
        if let split = context.splitLabel, sample.holdsMemberID(split.words) { context.splitLabel = nil }
        let fromMarkup = candidates(type, at: place.range, in: page, context: context, after: page[place.range.upperBound...].prefix(40),
                                    spansTags: spansTags).map { TreeAnchors.Anchored(anchor: $0.0, rank: $0.1 + 6, pattern: $0.2, sign: nil) }
        return (fromTree + fromMarkup).sorted { $0.rank < $1.rank }
    }

    /// A value given for another page that is nowhere on that page: said against that
    /// page, not the one learned from.
    private func knownValueMissing(also: [SamplePage], alsoExamples: [Example?]) -> NotLearned? {
        for (other, known) in zip(also, alsoExamples) {
            guard let known, let finder = ValueFinder(value: known.value, type: known.type, engine: engine) else { continue }
            if finder.occurrences(in: other.utf8, everywhere: true, limit: 1).isEmpty {
                return .notOnOtherPage(page: other.origin, value: known.value, nearest: NearestValue(sample: other).nearest(to: known))
            }
        }
        return nil
    }
}

import Packs
import PageText

/// Patterns for a value, from where the page's tree shows it stands: the element that
/// holds it and the attributes that name that element's part (`itemprop`, `data-stat`,
/// an id, a class), its label as the whole text of the element before it (past a
/// sibling or two that hold other values, as a summary's season beside its career), or
/// the element after it where the two alone fill a box (`<span>41</span><span>This
/// year</span>`), and the words around it in its line ("Followers (76,042)", "3,492
/// distinct works").
/// Each is an anchor, a rank (lower is steadier) and the pattern with its capture.
struct TreeAnchors {
    /// A pattern with what it is anchored on.
    struct Anchored {
        /// In words: "the label 'Born' (<div>)".
        let anchor: String
        /// Lower is steadier.
        let rank: Int
        let pattern: String
        /// The value's sign: the part of the pattern before the value (its label, its
        /// element), for a `present` where another page shows the part without it.
        let sign: String?
    }

    let sample: SamplePage
    let type: FieldType
    let captures: (_ after: ArraySlice<UInt8>, _ holder: String?) -> [String]

    var tree: PageTree { sample.tree }

    func candidates(at place: SamplePage.Place) -> [Anchored] {
        guard let node = place.node, tree.nodes[node].kind == .text, let holder = tree.nodes[node].parent else { return [] }
        let after = sample.utf8[place.range.upperBound...].prefix(40)
        let ends = captures(after, tree.nodes[holder].name)
        var found = [(anchor: String, rank: Int, prefix: String, sign: String)]()
        let levels = valueLevels(text: node, place: place)
        if !levels.isEmpty {
            found += attributeAnchors(levels)
            found += labelAnchors(levels)
            found += textLabelAnchors(levels)
            found += neighbourAnchors(levels)
        } else {
            found += labelBeforeText(node, place: place)
            found += pieceAnchors(node, place: place)
        }
        found += lineWords(node, place: place)
        var patterns = [Anchored]()
        for entry in found {
            for end in ends { patterns.append(Anchored(anchor: entry.anchor, rank: entry.rank, pattern: entry.prefix + end, sign: entry.sign)) }
        }
        patterns += suffixWords(node, place: place)
        patterns += labelAfter(levels)
        return patterns
    }

    /// The value's own element and those around it that say nothing else, innermost
    /// first: `<span itemprop="ratingValue">` inside a `<span class="average">`. Empty
    /// when the value is a part of a longer text.
    private func valueLevels(text: Int, place: SamplePage.Place) -> [Int] {
        guard place.whole, let parent = tree.nodes[text].parent else { return [] }
        let words = tree.text(of: parent)
        // The element says the value and nothing else (not "Views: 120" around a "120").
        guard !words.isEmpty, words == tree.nodes[text].text.split(whereSeparator: \.isWhitespace).joined(separator: " ") else { return [] }
        return sayingNoMore(parent, up: 3)
    }

    /// The element and the ones around it that say nothing more (not `<body>`), innermost first.
    private func sayingNoMore(_ element: Int, up most: Int) -> [Int] {
        let words = tree.text(of: element)
        var levels = [element]
        for ancestor in tree.ancestors(of: element).prefix(most) {
            guard !tree.nodes[ancestor].implied, tree.text(of: ancestor) == words, !["body", "html"].contains(tree.nodes[ancestor].name) else { break }
            levels.append(ancestor)
        }
        return levels
    }

    /// The attributes that name the value's element: microdata's `itemprop`, a data
    /// attribute (`data-stat="g"`), an id, a label in a `title` or `aria-label`, a class
    /// that names its part; layout classes and what a script made rank far down.
    private func attributeAnchors(_ levels: [Int]) -> [(anchor: String, rank: Int, prefix: String, sign: String)] {
        var anchors = [(anchor: String, rank: Int, prefix: String, sign: String)]()
        for (depth, element) in levels.enumerated() {
            let name = tree.nodes[element].name
            for attribute in tree.nodes[element].attributes {
                let value = attribute.value.trimmingCharacters(in: .whitespaces)
                guard !value.isEmpty, value.count <= 40, !AnchorWords.looksGenerated(value) else { continue }
                let rank: Int
                switch attribute.name {
                case "itemprop": rank = 1
                case "id": rank = 2
                case _ where attribute.name.hasPrefix("data-") && value.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }): rank = 2
                // A label held only in an attribute, beside an icon: `<li title="Followers">`.
                case "title", "aria-label":
                    // Words, not the value itself again (`<div title="Reading, United Kingdom">`).
                    guard value.contains(where: \.isLetter), !value.contains(where: \.isNumber), value.split(separator: " ").count <= 6,
                          value != tree.text(of: element), !sample.isKnownValue(value) else { continue }
                    // After a class that names the part: a tooltip's words may be the member's own.
                    rank = 4
                case "class":
                    for word in tree.classes(of: element) where !AnchorWords.looksGenerated(word) {
                        let tag = ElementPatterns.startTag(name, attribute: "class", value: word)
                        anchors.append(("the class \"\(word)\" of <\(name)>", 3 + depth + (AnchorWords.isLayout(word) ? 30 : 0), tag + ElementPatterns.skip(inside: name), tag))
                    }
                    continue
                default: continue
                }
                let tag = ElementPatterns.startTag(name, attribute: attribute.name, value: value)
                anchors.append(("<\(name) \(attribute.name)=\"\(value)\">", rank + depth, tag + ElementPatterns.skip(inside: name), tag))
            }
        }
        return anchors
    }

    /// The label as the whole text of the element before the value's: `<h4>G</h4><p>72`,
    /// `<div class="dataTitle">Born</div><div class="dataItem">`, `<dt>`/`<dd>`, `<th>`/`<td>`.
    /// Siblings between them that hold only other values (a season's figure before the
    /// career's) are passed over, one pattern piece each.
    private func labelAnchors(_ levels: [Int]) -> [(anchor: String, rank: Int, prefix: String, sign: String)] {
        var anchors = [(anchor: String, rank: Int, prefix: String, sign: String)]()
        for element in levels {
            var passed = [Int]()
            for sibling in tree.elementsBefore(element).prefix(3) {
                let words = tree.text(of: sibling)
                if let label = labelText(sibling, words: words), !parallel(sibling, element), tree.wordsBetween(sibling, element).allSatisfy({ !$0.isLetter }) {
                    let path = passed.reversed().map(passedSibling).joined()
                    let between = passed.isEmpty ? "" : ", past \(passed.count) \(passed.count == 1 ? "sibling" : "siblings")"
                    anchors.append(("the label '\(words)' (<\(tree.nodes[sibling].name)>\(between))", 1 + passed.count,
                                    label + "(?:\\s|</[^>]+>)*" + path + "\\s*<\(tree.nodes[element].name)\\b[^>]*>" + ElementPatterns.skip(inside: tree.nodes[element].name), label))
                    break
                }
                // Only what holds no words of its own is passed over: another value.
                guard !words.contains(where: \.isLetter), tree.elementChildren(of: sibling).isEmpty else { break }
                passed.append(sibling)
            }
        }
        return anchors
    }

    /// A label that is the text right before the value's element, no element of its own:
    /// `<p>Karma: <b>50</b></p>`, `<li>Topics<span class="n">0</span></li>`.
    private func textLabelAnchors(_ levels: [Int]) -> [(anchor: String, rank: Int, prefix: String, sign: String)] {
        for element in levels {
            guard let parent = tree.nodes[element].parent, let index = tree.nodes[parent].children.firstIndex(of: element), index > 0 else { continue }
            let text = tree.nodes[parent].children[index - 1]
            guard tree.nodes[text].kind == .text else { continue }
            let words = tree.text(of: text)
            guard let label = labelText(text, words: words) else { continue }
            let name = tree.nodes[element].name
            return [("the label '\(words)' (the text before <\(name)>)", 2, label + "<\(name)\\b[^>]*>" + ElementPatterns.skip(inside: name), label)]
        }
        return []
    }

    /// The element before the value's, named by an attribute, where no label stands
    /// between: a table's plain cell after the title's (`<td class="title">…</td><td>TV`),
    /// past up to two plain siblings; failing that, its place among alike elements (a
    /// plain table's third cell), counted from their parent's start tag. Each
    /// sibling is passed over whole, to its end tag, so each must have one and hold no
    /// other element of its own name (that would end it early).
    private func neighbourAnchors(_ levels: [Int]) -> [(anchor: String, rank: Int, prefix: String, sign: String)] {
        guard let element = levels.first, let parent = tree.nodes[element].parent else { return [] }
        let name = tree.nodes[element].name, skip = ElementPatterns.skip(inside: name)
        let whole = { (node: Int) in "<\(tree.nodes[node].name)\\b[^>]*>.*?</\(tree.nodes[node].name)\\s*>\\s*" }
        let before = tree.elementsBefore(element)
        var passed = [Int]()
        for sibling in before.prefix(12) {
            let node = tree.nodes[sibling]
            guard !node.implied, node.contentEnd < node.end, tree.wordsBetween(sibling, passed.last ?? element).isEmpty, !tree.holdsItsOwnName(sibling) else { return [] }
            if passed.count < 3, let (named, tag) = namingAttribute(sibling) {
                let path = passed.reversed().map(whole).joined()
                return [("the element after \(named)" + (passed.isEmpty ? "" : ", past \(passed.count)"), 5 + passed.count,
                         tag + ".*?</\(node.name)\\s*>\\s*" + path + "<\(name)\\b[^>]*>" + skip, tag)]
            }
            passed.append(sibling)
        }
        // Only among alike elements (a row's cells, `<th>` or `<td>`), not a page's boxes.
        let cell = { (node: Int) in ["td", "th"].contains(tree.nodes[node].name) }
        let alike = passed.allSatisfy { tree.nodes[$0].name == name || (cell($0) && cell(element)) }
        let leading = tree.nodes[parent].children.prefix { !tree.isElement($0) }
        guard !passed.isEmpty, passed.count == before.count, alike, !tree.nodes[parent].implied,
              leading.allSatisfy({ tree.text(of: $0).isEmpty && tree.nodes[$0].kind == .text }) else { return [] }
        let tag = "<\(tree.nodes[parent].name)\\b[^>]*>\\s*"
        return [("its place in <\(tree.nodes[parent].name)> (element \(passed.count + 1))", 7,
                 tag + passed.reversed().map(whole).joined() + "<\(name)\\b[^>]*>" + skip, tag)]
    }

    /// What names an element steadily, as a pattern of its start tag: `itemprop`, an id, a
    /// data attribute, a class word that is neither layout nor made by a script.
    private func namingAttribute(_ element: Int) -> (String, String)? {
        let name = tree.nodes[element].name
        let steady = { (attribute: PageTree.Attribute) in
            ["itemprop", "id"].contains(attribute.name) || (attribute.name.hasPrefix("data-") && attribute.value.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) })
        }
        if let attribute = tree.nodes[element].attributes.first(where: { steady($0) && !$0.value.isEmpty && $0.value.count <= 40 && !AnchorWords.looksGenerated($0.value) }) {
            return ("<\(name) \(attribute.name)=\"\(attribute.value)\">", ElementPatterns.startTag(name, attribute: attribute.name, value: attribute.value))
        }
        if let word = tree.classes(of: element).first(where: { !AnchorWords.looksGenerated($0) && !AnchorWords.isLayout($0) }) {
            return ("<\(name) class=\"\(word)\">", ElementPatterns.startTag(name, attribute: "class", value: word))
        }
        // A name rare on a page names its element (the `<h1>` a subtitle line follows).
        return Self.rareElements.contains(name) ? ("<\(name)>", "<\(name)\\b[^>]*>") : nil
    }

    /// The label in the element right after a number's, where the two alone fill their
    /// box: `<a><span class="value">41</span><span class="definition">This year</span></a>`.
    /// The text before such a value is the box before's label, another value's.
    private func labelAfter(_ levels: [Int]) -> [Anchored] {
        guard type.isNumber, let value = levels.last, let box = tree.nodes[value].parent,
              let index = tree.nodes[box].children.firstIndex(of: value),
              let label = tree.nodes[box].children[(index + 1)...].first(where: tree.isElement) else { return [] }
        let words = tree.text(of: label)
        // The box's text runs its elements' texts together, with no space between them.
        let unspaced = { (text: String) in text.filter { !$0.isWhitespace } }
        // Words with a number in them are another value ("41,007 games"), not this one's label.
        guard !words.contains(where: \.isNumber), labelText(label, words: words) != nil,
              unspaced(tree.text(of: box)) == unspaced(tree.text(of: value) + words) else { return [] }
        let name = tree.nodes[label].name
        let sign = "(?:\\s|</[^>]+>)*<\(name)\\b[^>]*>" + ElementPatterns.skip + ElementPatterns.words(words) + "\\s*(?=<)"
        return type.kind.suggestedCaptures.map {
            Anchored(anchor: "the label '\(words)' after it (<\(name)>)", rank: 1, pattern: "(?<![\\d.,])" + $0 + sign, sign: sign)
        }
    }

    /// A label element right before a value that starts a longer text:
    /// `<strong>Position:</strong> Point Guard ▪`.
    /// Where no label stands there, the element before it named by an attribute, passed
    /// over whole: `<span class="stars">★★★★☆</span> 4.7`.
    private func labelBeforeText(_ node: Int, place: SamplePage.Place) -> [(anchor: String, rank: Int, prefix: String, sign: String)] {
        let before = sample.utf8[tree.nodes[node].start..<place.range.lowerBound]
        guard String(decoding: before, as: UTF8.self).allSatisfy(\.isWhitespace),
              let sibling = tree.elementsBefore(node).first, tree.wordsBetween(sibling, node).isEmpty else { return [] }
        if let label = labelText(sibling, words: tree.text(of: sibling)) {
            return [("the label '\(tree.text(of: sibling))' (<\(tree.nodes[sibling].name)>)", 1, label + "(?:\\s|</[^>]+>)*\\s*", label)]
        }
        let element = tree.nodes[sibling]
        guard !element.implied, element.contentEnd < element.end, !tree.holdsItsOwnName(sibling), let (named, tag) = namingAttribute(sibling) else { return [] }
        return [("the element after \(named)", 5, tag + ".*?</\(element.name)\\s*>\\s*", tag)]
    }

    /// A value between marks in its element's text (`lihua--Li Hua`, `Zhang Wei, Hangzhou,
    /// China`): the element, as its own value's would be found, then as many marks as
    /// stand before the value there. Only where that text is the element's first.
    private func pieceAnchors(_ node: Int, place: SamplePage.Place) -> [(anchor: String, rank: Int, prefix: String, sign: String)] {
        guard let holder = tree.nodes[node].parent,
              tree.nodes[holder].children.first(where: { !tree.text(of: $0).isEmpty }) == node else { return [] }
        let before = HTMLEntities.decode(String(decoding: sample.utf8[tree.nodes[node].start..<place.range.lowerBound], as: UTF8.self))
        let written = String(before.reversed().drop(while: \.isWhitespace).reversed())
        // A mark with spaces around it (` - `) is counted so, never inside a word (`Jean-Marc`).
        guard let mark = Self.marks.first(where: { written.hasSuffix($0.hasPrefix(" ") ? " " + $0.trimmingCharacters(in: .whitespaces) : $0) && written.count > $0.count })
        else { return [] }
        let sign = mark.trimmingCharacters(in: .whitespaces), spaced = mark.hasPrefix(" ")
        let count = (spaced ? before : written).components(separatedBy: spaced ? mark : sign).count - 1
        guard (1...5).contains(count) else { return [] }
        let skip = "(?:[^<]*?" + (spaced ? "\\s" : "") + ElementPatterns.words(sign) + (spaced ? "(?=\\s)" : "") + "){\(count)}\\s*"
        let name = tree.nodes[holder].name
        // By its name alone only where the name is rare on a page (a caption, a heading):
        // the first `<div>` with two commas in it may be any box.
        let element = Self.rareElements.contains(name) ? [("the element <\(name)>", 6, "<\(name)\\b[^>]*>" + ElementPatterns.skip(inside: name), "<\(name)\\b[^>]*>")] : []
        // The element, or one around it that says nothing more (`<div><div>Zhang Wei, Hangzhou, China</div></div>` after an `<h1>`).
        let holders = sayingNoMore(holder, up: 2)
        let located = attributeAnchors(holders) + labelAnchors(holders) + holders.flatMap { neighbourAnchors([$0]) } + element
        return located.map { anchor, rank, prefix, elementSign in
            ("\(anchor), after \(count == 1 ? "its" : "\(count)") '\(sign)'", rank + 2, prefix + skip, elementSign)
        }
    }

    private static let rareElements: Set<String> = ["caption", "h1", "h2", "h3", "h4", "h5", "h6", "title", "legend", "figcaption", "address"]

    /// The marks pages set between the parts of one text, longest first.
    private static let marks = ["--", ",", "|", "·", "•", "—", "–", " - ", " / ", ";"]

    /// The pattern of an element's words when they are a label: letters, short, in one
    /// text of the element (`<th><a>Born</a></th>` too).
    private func labelText(_ element: Int, words: String) -> String? {
        // A table's data cell is a value of its own column, never the label of the next;
        // but in a row of two cells, the first is the second's key (`<td>School</td><td>…`).
        guard tree.nodes[element].name != "td" || isKeyCell(element), words.contains(where: \.isLetter), words.count <= 60, words.split(separator: " ").count <= 8,
              tree.visibility(of: element).rank != 1 && tree.visibility(of: element).rank < 3, !sample.isKnownValue(words), !Self.looksLikeAValue(words),
              !sample.holdsKnownNumber(words) else { return nil }
        return ElementPatterns.wholeText(words)
    }

    /// The first of a row's two cells, as a table of keys and values has them.
    private func isKeyCell(_ element: Int) -> Bool {
        guard let row = tree.nodes[element].parent, tree.nodes[row].name == "tr" else { return false }
        let cells = tree.elementChildren(of: row)
        return cells.count == 2 && cells.first == element
    }

    /// Words that are a value of their own, not a label: an address, a domain, a handle,
    /// a number, a day or a month (each row's "Jun 2016", alike in the rows given).
    static func looksLikeAValue(_ words: String) -> Bool {
        if words.contains("://") || words.hasPrefix("@") || words.hasPrefix("#") { return true }
        if ValueFinder.inferredType(of: words) != .text { return true }
        return !words.contains(" ") && words.contains(".") && words.last != "." && words.contains(where: \.isLetter)
    }

    /// Two elements alike (the same name and classes): items of one list side by side
    /// (a member's website and location), not a label and its value.
    private func parallel(_ first: Int, _ second: Int) -> Bool {
        tree.nodes[first].name == tree.nodes[second].name && tree.classes(of: first) == tree.classes(of: second)
            && !tree.classes(of: first).isEmpty
    }

    /// A sibling passed over between a label and its value: its element, whole.
    private func passedSibling(_ element: Int) -> String {
        let name = tree.nodes[element].name
        let closed = tree.nodes[element].contentEnd < tree.nodes[element].end
        return "\\s*<\(name)\\b[^>]*>" + (closed ? "[^<]*</\(name)\\s*>" : "[^<]*")
    }

    /// The words before the value in its own text ("Followers (" in "Fyodor
    /// Dostoevsky's Followers (76,042)"): the last few, then all of them from the text's
    /// start when they are few (so "Views:" is not found as the tail of "Total views:").
    private func lineWords(_ node: Int, place: SamplePage.Place) -> [(anchor: String, rank: Int, prefix: String, sign: String)] {
        let raw = HTMLEntities.decode(String(decoding: sample.utf8[tree.nodes[node].start..<place.range.lowerBound], as: UTF8.self))
        let tokens = raw.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let last = tokens.last, last.contains(where: { $0.isLetter || "(:".contains($0) }) else { return [] }
        var anchors = [(anchor: String, rank: Int, prefix: String, sign: String)]()
        let trailing = raw.last?.isWhitespace == true ? "\\s+" : "\\s*"
        // All of it, when it is short and names no other value given (a member's name in "Ada's Followers (").
        if tokens.count <= 6, tokens.contains(where: { $0.contains(where: \.isLetter) }), !sample.holdsKnownValue(tokens.joined(separator: " ")) {
            let words = ">\\s*" + ElementPatterns.words(tokens.joined(separator: " "))
            anchors.append(("the words '\(tokens.joined(separator: " "))' (all its text before it)", 2, words + trailing, words))
        }
        for count in 1...min(3, tokens.count) {
            let words = tokens.suffix(count)
            let text = words.joined(separator: " ")
            guard words.contains(where: { $0.contains(where: \.isLetter) }), !words.contains(where: { $0.contains(where: \.isNumber) }),
                  !sample.holdsKnownValue(text) else { continue }
            let boundary = text.first.map { $0.isLetter || $0.isNumber } == true ? "\\b" : ""
            let sign = boundary + ElementPatterns.words(text)
            anchors.append(("the words '\(text)' before it", 3 + count, ">[^<]*?" + sign + trailing, sign))
        }
        return anchors
    }

    /// A number followed by its words ("3,492 distinct works", "1,120,657 ratings",
    /// `<span>329</span> followers`): the number's capture, then the words, in its own
    /// text or right after the element that holds it alone.
    private func suffixWords(_ node: Int, place: SamplePage.Place) -> [Anchored] {
        guard type.isNumber else { return [] }
        var after = sample.utf8[place.range.upperBound...].prefix(300)
        var between = "\\s*"
        if place.whole {
            // Past the end tags of the elements that hold the value alone, to the text after them.
            while let first = after.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }).first, first == UInt8(ascii: "<"),
                  after.drop(while: { $0 != UInt8(ascii: "<") }).dropFirst().first == UInt8(ascii: "/"),
                  let close = after.firstIndex(of: UInt8(ascii: ">")) {
                after = after[(close + 1)...]
                between = "(?:\\s|</[^>]+>)*"
            }
        }
        let text = after.prefix { $0 != UInt8(ascii: "<") }
        let raw = HTMLEntities.decode(String(decoding: text, as: UTF8.self))
        let tokens = raw.split(whereSeparator: \.isWhitespace).prefix(3).map(String.init)
        var anchors = [Anchored]()
        for count in 1...max(1, tokens.count) where count <= tokens.count {
            let words = Array(tokens.prefix(count))
            guard words.allSatisfy({ $0.contains(where: \.isLetter) }) else { break }
            let text = words.joined(separator: " ")
            let sign = ElementPatterns.words(text) + "\\b"
            for capture in type.kind.suggestedCaptures {
                anchors.append(Anchored(anchor: "the words '\(text)' after it", rank: 3 + count, pattern: "(?<![\\d.,])" + capture + between + sign, sign: sign))
            }
        }
        return anchors
    }
}

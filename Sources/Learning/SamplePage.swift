import Extraction
import Matching
import Packs
import PageText

/// A saved page the learner reads: its bytes as the extractor reads them, and its tree.
/// Built once per page; every value looked for and every pattern checked on the page
/// shares it.
public final class SamplePage: Sendable {
    public let page: Page
    public let tree: PageTree
    /// The values a person read on it, where given: a pattern for one field that reads
    /// another's value here reads the wrong part of the page.
    let known: [PatternSuggester.Example]
    /// The values a person read on the list's titled rows: a place in such a row that
    /// shows one of them is the row's, not a field of the page's of the same value.
    let rowValues: [(title: String, value: String)]
    /// The ID of the member whose page it is, where given: another member's page shows
    /// theirs there, so it is no label and no anchor.
    let memberID: String?

    public convenience init(_ page: Page) {
        self.init(page, known: [])
    }

    init(_ page: Page, known: [PatternSuggester.Example], rowValues: [(title: String, value: String)] = [], memberID: String? = nil) {
        self.page = page
        self.known = known
        self.rowValues = rowValues
        self.memberID = memberID
        tree = PageTree.parse(page.utf8)
    }

    public var origin: String { page.origin }
    public var utf8: [UInt8] { page.utf8 }

    /// Whether `text` is a value a person gave for the page (another field's value is
    /// no label of this one).
    func isKnownValue(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let memberID, [memberID, "@" + memberID].contains(where: { words.caseInsensitiveCompare($0) == .orderedSame }) { return true }
        return known.contains { $0.value.split(whereSeparator: \.isWhitespace).joined(separator: " ") == words }
    }

    /// How near a place the words that name the field stand: nil where the words around
    /// it (its element's and the two around that, or a small box around those) do not
    /// hold every word of the field's name of three letters or more (`sponsoring` by
    /// "Sponsoring 1", `average_rating` by "Average rating"; a plural's `s` aside) and each
    /// of two as a word of its own (`season_ws` by "WS 5.3", never by "3 seasons" alone);
    /// else the characters of the smallest box that says each word, summed: the smaller,
    /// the nearer.
    func namingDepth(_ field: String, around place: Place) -> Int? {
        let words = SamplePage.nameWords(field)
        guard !words.isEmpty, let node = place.node else { return nil }
        let holder = [node] + tree.ancestors(of: node).prefix(5)
        // Two levels up ("Sponsoring 1"), or a small box further up that says the rest
        // (`media_favorites`: "Favorites 2" in a section headed "Media"), each word by the
        // smallest box that says it ("Owned 0" under "Goods" names `goods_owned` nearer
        // than the section's first 0 does); a name of one word, by a small box further up
        // only where that word is all the box says before the value (`goods` by "Goods 0
        // Owned 0", at its first 0).
        var depths = [Int?](repeating: nil, count: words.count)
        for (level, around) in holder.dropFirst(min(2, holder.count - 1)).enumerated() {
            // The page's body is no box: its first words name nothing.
            if ["body", "html"].contains(tree.nodes[around].name) { return nil }
            let text = tree.text(of: around, limit: 300).lowercased()
            // Past two levels, a box says what it holds only where it is small: the first
            // 300 characters of a page's wrapper name nothing.
            if level > 0, text.count >= 300 { return nil }
            if level > 0, words.count == 1 {
                if wordsBefore(place, in: around) == [Substring(words[0])] { return text.count }
            } else {
                for (index, word) in words.enumerated() where depths[index] == nil && SamplePage.holds([word], text) { depths[index] = text.count }
                if depths.allSatisfy({ $0 != nil }) { return depths.reduce(0) { $0 + ($1 ?? 0) } }
            }
            if text.count >= 300 { return nil }
        }
        return nil
    }

    /// The words of `box` before `place` (its markup aside, references decoded), lower-cased.
    private func wordsBefore(_ place: Place, in box: Int) -> [Substring] {
        var text = [UInt8](), inTag = false
        for byte in utf8[min(tree.nodes[box].start, place.range.lowerBound)..<place.range.lowerBound] {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false; text.append(UInt8(ascii: " ")) } else if !inTag { text.append(byte) }
        }
        return HTMLEntities.decode(String(decoding: text, as: UTF8.self)).lowercased().split { !$0.isLetter }
    }

    /// Whether the words beside a place within its line of text, up to a mark or another
    /// number either way, name the field: of two equal values in one text ("0.02% of all
    /// posts / 0.02 posts per day"), each is named by its own words. A `%` among them
    /// says "percent"; a reference (`&nbsp;`, `&#160;`) is passed over whole, its `;` and
    /// digits no mark.
    func phraseNamesField(_ field: String, at place: Place) -> Bool {
        let words = SamplePage.nameWords(field)
        let bytes = page.utf8
        func inPhrase(_ byte: UInt8) -> Bool {
            !"/|()[],;<>\n".utf8.contains(byte) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        // The length of a reference `&…;` starting at `index`, if one does.
        func reference(at index: Int) -> Int? {
            guard bytes[index] == UInt8(ascii: "&") else { return nil }
            let name = bytes[(index + 1)..<min(bytes.count, index + 10)].prefix { byte in
                byte == UInt8(ascii: "#") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            }
            let end = index + 1 + name.count
            return !name.isEmpty && end < bytes.count && bytes[end] == UInt8(ascii: ";") ? end + 1 - index : nil
        }
        let lowest = max(0, place.range.lowerBound - 60), highest = min(bytes.count, place.range.upperBound + 60)
        var start = place.range.lowerBound, end = place.range.upperBound
        while start > lowest {
            if bytes[start - 1] == UInt8(ascii: ";"), let opening = (max(lowest, start - 10)..<start).last(where: { reference(at: $0) == start - $0 }) {
                start = opening
            } else if inPhrase(bytes[start - 1]) {
                start -= 1
            } else {
                break
            }
        }
        while end < highest {
            if let length = reference(at: end) {
                end += length
            } else if inPhrase(bytes[end]) {
                end += 1
            } else {
                break
            }
        }
        var text = HTMLEntities.decode(String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)).lowercased()
        if text.contains("%") { text += " percent" }
        return !words.isEmpty && SamplePage.holds(words, text)
    }

    /// The words of a field's name that name it: its parts of two letters or more.
    static func nameWords(_ field: String) -> [String] {
        field.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 2 }
    }

    /// Every word of a field's name in `text`: one of three letters or more anywhere in
    /// it (a plural's `s` aside), one of two as a word of its own.
    private static func holds(_ words: [String], _ text: String) -> Bool {
        let tokens = Set(text.split { !$0.isLetter })
        return words.allSatisfy { word in
            word.count < 3 ? tokens.contains(Substring(word)) : text.contains(word) || (word.hasSuffix("s") && text.contains(word.dropLast()))
        }
    }

    /// Whether `text` holds a value given for the page (of two words or more, or a
    /// name): words that change from member to member are no anchor.
    func holdsKnownValue(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        if holdsMemberID(words) { return true }
        return known.contains { example in
            let value = example.value.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
            return value.count >= 3 && value.contains(where: \.isLetter) && words.contains(value)
        }
    }

    /// Whether `text` holds a number given for the page as a word of its own ("123.3k
    /// hits" where hits = 123.3k): words with another member's figure in them are no label.
    func holdsKnownNumber(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return known.contains { $0.value.contains(where: \.isNumber) && SamplePage.holds(word: $0.value.lowercased(), in: lowered) }
    }

    /// Whether `text` holds the member's ID as a word of its own: the text changes with
    /// the member ("lihua--" before Li Hua's nick reads "wang--" on Wang's page).
    func holdsMemberID(_ text: String) -> Bool {
        guard let memberID else { return false }
        return SamplePage.holds(word: memberID.lowercased(), in: text.lowercased())
    }

    /// Whether `text` holds `word` where no letter, digit or `_` joins it to more ("@ana",
    /// "ana's", "lihua--Li Hua", "123.3k hits"), never inside another word ("banana").
    static func holds(word: String, in text: String) -> Bool {
        guard !word.isEmpty else { return false }
        let joins = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
        var rest = text[...]
        while let found = rest.range(of: word) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
            if !(before.map(joins) ?? false) && !(after.map(joins) ?? false) { return true }
            rest = text[text.index(after: found.lowerBound)...]
        }
        return false
    }

    /// One place a value's written form stands on the page.
    struct Place {
        let range: Range<Int>
        let visibility: PageTree.Visibility
        /// The text node holding it (or the element whose attribute does); nil where the tree has no place for it.
        let node: Int?
        /// The value is all its element says, not a part of a longer text.
        let whole: Bool
    }

    /// Where `finder`'s value is written on the page, steadiest first: in the page's
    /// content (the value alone in its element before a part of a longer text), then in
    /// attributes, then in menus; in page order within each. Places no one reads (a
    /// script, a style sheet, a comment) are left out, and returned apart for saying why.
    func places(of finder: ValueFinder) -> (shown: [Place], hidden: [Place]) {
        var shown = [Place](), hidden = [Place]()
        for range in finder.occurrences(in: utf8, everywhere: true, limit: 5_000) where !ValueFinder.isInTagName(utf8, at: range.lowerBound) {
            let visibility = tree.visibility(at: range.lowerBound)
            let node = tree.node(at: range.lowerBound)
            let place = Place(range: range, visibility: visibility, node: node, whole: node.map { isWholeText(range, in: $0) } ?? false)
            if case .hidden = visibility { hidden.append(place) } else { shown.append(place) }
        }
        shown.sort { a, b in
            if a.visibility.rank != b.visibility.rank { return a.visibility.rank < b.visibility.rank }
            if a.whole != b.whole { return a.whole }
            return a.range.lowerBound < b.range.lowerBound
        }
        return (shown, hidden)
    }

    /// Whether the value at `range` is the whole of what its text node says (white
    /// space and the punctuation around a number aside).
    func isWholeText(_ range: Range<Int>, in node: Int) -> Bool {
        guard tree.nodes[node].kind == .text else { return false }
        let before = utf8[tree.nodes[node].start..<max(tree.nodes[node].start, range.lowerBound)]
        let after = utf8[min(range.upperBound, tree.nodes[node].end)..<tree.nodes[node].end]
        return [before, after].allSatisfy { part in
            String(decoding: part, as: UTF8.self).replacingOccurrences(of: "&nbsp;", with: " ").allSatisfy { $0.isWhitespace }
        }
    }
}

extension SamplePage {
    /// The first place `finder`'s value is written inside `element` (a list's item), in
    /// its content; nil when it is not there.
    func place(of finder: ValueFinder, inside element: Int) -> Place? {
        places(of: finder, inside: element).first
    }

    /// Every place `finder`'s value is written inside `element`, steadiest first: in the
    /// text before in an attribute (`OKC` read in a link, not in its href), the value
    /// alone in its element before a part of a longer text, then in page order.
    func places(of finder: ValueFinder, inside element: Int, through end: Int? = nil) -> [Place] {
        let bounds = tree.nodes[element].start..<max(tree.nodes[element].end, end ?? 0)
        let slice = Array(utf8[bounds])
        var places = [Place]()
        for found in finder.occurrences(in: slice, everywhere: true, limit: 200) where !ValueFinder.isInTagName(slice, at: found.lowerBound) {
            let range = (found.lowerBound + bounds.lowerBound)..<(found.upperBound + bounds.lowerBound)
            let visibility = tree.visibility(at: range.lowerBound)
            guard visibility.rank < 2, let node = tree.node(at: range.lowerBound) else { continue }
            places.append(Place(range: range, visibility: visibility, node: node, whole: isWholeText(range, in: node)))
        }
        return places.sorted { ($0.visibility.rank, $0.whole ? 0 : 1, $0.range.lowerBound) < ($1.visibility.rank, $1.whole ? 0 : 1, $1.range.lowerBound) }
    }
}

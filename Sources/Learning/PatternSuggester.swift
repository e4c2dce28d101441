import Extraction
import Foundation
import Matching
import Packs
import PageText

/// Learns a pack's patterns from an example: a saved page and the values a person
/// reads on it. Each value is found on the page (numbers in any written form, text
/// through entities), candidate patterns are built from the stable context around it
/// (the id or class of the element before it, with their varying digits generalised;
/// the label before it), and each candidate is kept only if the pack's own extractor,
/// run on the page, reads exactly that value. Other pages of the same markup show
/// whether a candidate holds beyond the example.
public struct PatternSuggester {
    /// A value a person reads on the page: `reputation.total=1204873`.
    public struct Example: Sendable {
        public let field: String
        public let value: String
        public let type: FieldType
        /// The type was said (`FIELD:TYPE=VALUE`), not read off how the value is written.
        public let typeStated: Bool

        public init(field: String, value: String, type: FieldType? = nil) {
            self.field = field
            self.value = value
            self.type = type ?? ValueFinder.inferredType(of: value)
            typeStated = type != nil
        }
    }

    /// One pattern that reads the example's value off its page.
    public struct Candidate: Sendable {
        public let field: String
        public let type: FieldType
        public let pattern: String
        /// How it finds the value: "the element's id", "a class", "the label 'Views:'".
        public let anchor: String
        /// What it reads on each other page (nil: nothing), in the order given.
        public let alsoValues: [FieldValue?]
        /// The box it reads inside, where its anchor stands in more than one (`within`).
        public let within: [String]
        /// The value's sign (its label, its element), for a `present` where a page shows
        /// the value's box without it; nil where the pattern has none apart from the value.
        public let sign: String?
        /// Read from the page's script data, which nothing the page shows holds.
        public let inScript: Bool

        init(field: String, type: FieldType, pattern: String, anchor: String, alsoValues: [FieldValue?], within: [String] = [], sign: String? = nil,
             inScript: Bool = false) {
            self.field = field
            self.type = type
            self.pattern = pattern
            self.anchor = anchor
            self.alsoValues = alsoValues
            self.within = within
            self.sign = sign
            self.inScript = inScript
        }

        /// What it reads by: its `within`, then its pattern (two fields read alike by none).
        var readingKey: [String] { within + [pattern] }

        /// The pattern's keys as pack TOML: its `within`, if any, then the pattern.
        public var patternTOML: String {
            (within.isEmpty ? "" : "within = [" + within.map { "'\($0)'" }.joined(separator: ", ") + "]\n") + "pattern = '\(pattern)'\n"
        }

        /// The field as pack TOML, ready to paste.
        public func toml(source: String) -> String {
            """
            [fields."\(field)"]
            source = "\(source)"
            type = "\(type.rawValue)"

            """ + patternTOML
        }
    }

    let source: String
    let baseURL: String
    let engine: any PatternEngine

    public init(source: String, baseURL: String, engine: any PatternEngine = PCRE2Engine()) {
        self.source = source
        self.baseURL = baseURL
        self.engine = engine
    }

    /// Verified candidates, best first: those that read a value on more of the other
    /// pages, then by anchor (a label, an attribute that names the value's part, a
    /// class that does, the element; layout classes and ids that look generated last),
    /// then the shorter. Where a value is known for another page (`alsoExamples`, in the
    /// order of `also`), a candidate that reads anything else there is dropped: it
    /// would break on the next page. See `search` for why none.
    public func suggest(_ example: Example, page: Page, also: [Page] = [], alsoExamples: [Example?] = []) -> [Candidate] {
        search(example, on: SamplePage(page), also: also.map(SamplePage.init), alsoExamples: alsoExamples).candidates
    }

    // MARK: Building


    /// What a pattern can start from, with a rank (lower is steadier): the ids of the
    /// tags right before the value, their classes, the label, nearest first; last, the
    /// holding element by its name alone when it has neither id nor class. Layout
    /// classes (`mb-2`, `d-flex`, `text-bold`) and ids that look generated rank far
    /// down: they say how the part looks, or change on every page load.
    func anchors(_ context: PageContext) -> [(String, Int, String)] {
        var anchors = [(String, Int, String)]()
        // Nearer tags first: the element that holds the value beats the page's main div.
        for (distance, tag) in context.tags.enumerated() where !tag.isEnd {
            if let id = tag.id, !id.isEmpty {
                anchors.append(("the id of <\(tag.name) id=\"\(id)\">", 3 * distance + (AnchorWords.looksGenerated(id) ? 60 : 0),
                                "\\bid\\s*=\\s*[\"\\x27]\(ElementPatterns.generalised(id))[\"\\x27][^>]*>" + ElementPatterns.skip(inside: tag.name)))
            }
            let named = tag.classes.filter { !AnchorWords.looksGenerated($0) }
            let ordered = named.filter { !AnchorWords.isLayout($0) } + named.filter(AnchorWords.isLayout)
            for name in ordered.prefix(4) {
                anchors.append(("the class \"\(name)\" of <\(tag.name)>", 3 * distance + 1 + (AnchorWords.isLayout(name) ? 30 : 0),
                                "<\(tag.name)\\b[^>]*\\bclass\\s*=\\s*[\"\\x27][^\"\\x27]*\\b\(ElementPatterns.escaped(name))\\b[^\"\\x27]*[\"\\x27][^>]*>" + ElementPatterns.skip(inside: tag.name)))
            }
        }
        if let holder = context.tags.first, !holder.isEnd, holder.isBare {
            anchors.append(("the element <\(holder.name)>", 20, "<\(holder.name)\\b[^>]*>" + ElementPatterns.skip(inside: holder.name)))
        }
        // Text right after an element ends: a row's count after its title's link (`</a> 12 replies`).
        if let closed = context.tags.first, closed.isEnd {
            anchors.append(("the end of <\(closed.name)>", 22, "</\(closed.name)>" + ElementPatterns.skip))
        }
        // The label's last words, none of them holding a number (another value, not a label).
        let words = (context.label ?? "").split(separator: " ").reversed().prefix { !$0.contains(where: \.isNumber) }.reversed()
            .map { ElementPatterns.escaped(String($0)) }
        for count in words.indices.map({ $0 + 1 }) {
            let text = words.suffix(count).joined(separator: "\\s+")
            let boundary = text.first.map { $0.isLetter || $0.isNumber } == true ? "\\b" : ""
            // In a text node, never in an attribute (`class="joined"` before `Joined 2019`).
            anchors.append(("the label '\(words.suffix(count).joined(separator: " "))'", 1 + count, ">[^<]*?" + boundary + text + ElementPatterns.skip))
        }
        // A label whose words stand in an inline tag before its colon: `<b>Reputation</b>:`.
        if let split = context.splitLabel {
            let text = split.words.split(separator: " ").map { ElementPatterns.escaped(String($0)) }.joined(separator: "\\s+")
            anchors.append(("the label '\(split.words)\(split.tail)'", 1,
                            ">[^<]*?\\b" + text + ElementPatterns.skip + ElementPatterns.escaped(split.tail) + ElementPatterns.skip))
        }
        return anchors
    }

    /// Every pattern that may read the value at `occurrence`, with its anchor and rank:
    /// anchors × captures for a value in the page's text, the attribute's patterns for
    /// one inside a tag.
    func candidates(_ type: FieldType, at occurrence: Range<Int>, in page: [UInt8], context: PageContext, after: ArraySlice<UInt8>,
                    spansTags: Bool) -> [(String, Int, String)] {
        guard ValueFinder.isInText(page, at: occurrence.lowerBound) else { return attributePatterns(page, at: occurrence) }
        return anchors(context).flatMap { anchor, rank, prefix in
            captures(type, after: after, spansTags: spansTags, holder: context.tags.first).map { (anchor, rank, prefix + $0) }
        }
    }

    /// Patterns that read a value held in an attribute (`<a title="Stack Overflow">`,
    /// `<span title="2011-12-03 20:07:05Z">`): the attribute of an element of that name,
    /// with one of its named classes when it has one.
    func attributePatterns(_ page: [UInt8], at occurrence: Range<Int>) -> [(String, Int, String)] {
        guard let open = page[max(0, occurrence.lowerBound - 4_000)..<occurrence.lowerBound].lastIndex(of: UInt8(ascii: "<")),
              let close = page[occurrence.upperBound..<min(page.count, occurrence.upperBound + 4_000)].firstIndex(of: UInt8(ascii: ">")),
              let tag = PageContext.tag(String(decoding: page[open...close], as: UTF8.self)[...]), !tag.isEnd else { return [] }
        // The attribute's name: the word before `="` that opens the value.
        let before = String(decoding: page[open..<occurrence.lowerBound], as: UTF8.self)
        guard let quote = before.last, quote == "\"" || quote == "'",
              let name = before.dropLast().trimmingCharacters(in: .whitespaces).dropLast().trimmingCharacters(in: .whitespaces)
                .split(whereSeparator: { $0.isWhitespace }).last.map(String.init), before.dropLast().trimmingCharacters(in: .whitespaces).hasSuffix("="),
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" }), name.lowercased() != "class", name.lowercased() != "style"
        else { return [] }
        let attribute = "\\b\(ElementPatterns.escaped(name))\\s*=\\s*[\"\\x27]([^\"\\x27]+)[\"\\x27]"
        var patterns = [(String, Int, String)]()
        let named = tag.classes.filter { !AnchorWords.looksGenerated($0) && !AnchorWords.isLayout($0) }
        for word in named.prefix(2) {
            patterns.append(("the \(name) of <\(tag.name) class=\"\(word)\">", 2,
                             "<\(tag.name)\\b(?=[^>]*\\bclass\\s*=\\s*[\"\\x27][^\"\\x27]*\\b\(ElementPatterns.escaped(word))\\b)[^>]*?" + attribute))
        }
        patterns.append(("the \(name) of <\(tag.name)>", 6, "<\(tag.name)\\b[^>]*?" + attribute))
        return patterns
    }

    /// The capturing end of a pattern for a value of `type`.
    func captures(_ type: FieldType, after: ArraySlice<UInt8>, spansTags: Bool, holder: PageContext.Tag?) -> [String] {
        type.kind.suggestedCaptures + (type.kind.capturesAsText ? textEnds(after: after, spansTags: spansTags, holder: holder) : [])
    }

    /// A text's capture up to the end of its element, or to the punctuation after it.
    private func textEnds(after: ArraySlice<UInt8>, spansTags: Bool, holder: PageContext.Tag?) -> [String] {
        var ends = ["([^<]+?)\\s*<"]
        if spansTags, let holder, !holder.isEnd { ends.insert("(.+?)\\s*</\(holder.name)>", at: 0) }
        // Text that runs on after the value: "Jane Doe (Articles: 6)", "Point Guard ▪ Shoots".
        let text = String(decoding: after, as: UTF8.self)
        let rest = text.drop { $0.isWhitespace }
        if let next = rest.first, !next.isLetter, !next.isNumber, next != "<" {
            // A mark with spaces around it (`La Barre - France`) ends the value only so,
            // never inside a word of it (`Xi-an - China`).
            let spaced = text.first?.isWhitespace == true && rest.dropFirst().first?.isWhitespace == true
            ends.append(spaced ? "([^<]+?)\\s+" + ElementPatterns.escaped(String(next)) + "(?=\\s)" : "([^<]+?)\\s*" + ElementPatterns.escaped(String(next)))
            // A character written as a reference (`&#9642;`): the whole reference ends the value.
            if next == "&", let end = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: end) <= 10 {
                ends.append("([^<]+?)\\s*" + ElementPatterns.escaped(String(rest[...end])))
            }
        }
        return ends
    }

    // MARK: Verifying, with the pack's own extractor

    /// Whether `value` is what the example says, as the type reads the example's own
    /// written form: "1,103" is 1103, "99.5k" 99500, "Oct 2017" 2017-10, "3 days ago"
    /// the day three days before the page was served.
    func same(_ value: FieldValue, _ example: Example, on page: Page) -> Bool {
        let dates = FieldType.Dates(now: page.servedAt)
        // The value as a person reads it, written as HTML, so that `Pool<T> & Friends` is text, not a tag.
        let written = example.value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        guard case .success(let wanted) = example.type.convert(written, base: baseURL, dates: dates) else { return false }
        return value == wanted
    }

    static func tomlKey(_ name: String) -> String {
        name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } ? name : "\"\(name)\""
    }
}

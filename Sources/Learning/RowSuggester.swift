import Extraction
import Foundation
import Packs

/// Collections from an example: given the titles of two or three of a page's rows,
/// the element that starts every row (the same tag, its id's digits generalised, in
/// front of each title and nowhere between them twice), a title field, and row fields
/// from values read on the first titled row; all verified with the pack's extractor.
extension PatternSuggester {
    public struct RowSuggestion: Sendable {
        public let rowStart: String
        public let rowStartAnchor: String
        public let title: Candidate
        public let fields: [Candidate]
        /// Row fields no pattern could read on the first titled row.
        public let unmatched: [Example]
        public let rowCount: Int
        /// Rows the same patterns cut from each other page.
        public let alsoRowCounts: [Int]

        public func toml(collection: String, source: String) -> String {
            var text = """
                # row start: \(rowStartAnchor)
                [collections.\(PatternSuggester.tomlKey(collection))]
                source = "\(source)"
                row_start = '\(rowStart)'

                """
            for field in [title] + fields {
                text += """

                    # from \(field.anchor)
                    [collections.\(PatternSuggester.tomlKey(collection)).fields.\(PatternSuggester.tomlKey(field.field))]
                    type = "\(field.type.rawValue)"
                    pattern = '\(field.pattern)'

                    """
            }
            return text
        }
    }

    /// Nil when no row start holds every title, one per row. A title written earlier
    /// on the page too (in a menu, a heading) is tried at each of its first places.
    /// Of the row starts that hold every title, the one that cuts the fewest rows
    /// without a title, then the fewest rows: a row's own element, not an icon that
    /// also stands in the page's header.
    public func suggestRows(titles: [String], fields: [Example], page: Page, also: [Page] = []) -> RowSuggestion? {
        guard titles.count >= 2 else { return nil }
        var best: (score: (Int, Int, Int, Int), rowStart: String, anchor: String, title: Candidate, first: Int)?
        for placement in titlePlacements(titles, in: page.utf8) {
            let places = placement.map(\.lowerBound)
            let starts = startTags(in: page.utf8, before: places.last ?? 0)
            let context = PageContext(page: page.utf8, before: places[0])
            let titlePatterns = candidates(.text, at: placement[0], in: page.utf8, context: context, after: page.utf8[places[0]...].prefix(40),
                                           spansTags: false, ranked: true)
            for (rowStart, anchor, once) in rowStarts(starts, titlePlaces: places) {
                for (titleAnchor, _, title) in titlePatterns {
                    guard var rows = rows(rowStart: rowStart, fields: [("title", .text, title)], page: page),
                          holds(titles, in: rows.map { $0["title"] ?? .null }, on: page) else { continue }
                    var start = rowStart
                    // Rows without a title (a table's header row): a row starts only where its title follows.
                    if rows.contains(where: { ($0["title"] ?? .null) == .null }) {
                        let titled = rowStart + "(?=(?:(?!" + rowStart + ")[\\s\\S])*?" + Self.withoutCaptures(title) + ")"
                        if let narrowed = self.rows(rowStart: titled, fields: [("title", .text, title)], page: page),
                           holds(titles, in: narrowed.map { $0["title"] ?? .null }, on: page) {
                            (start, rows) = (titled, narrowed)
                        }
                    }
                    // Other pages of the site have the list too: a start that cuts none there is the first page's accident.
                    let alsoMissed = also.count { other in
                        !(self.rows(rowStart: start, fields: [("title", .text, title)], page: other) ?? []).contains { ($0["title"] ?? .null) != .null }
                    }
                    let score = (alsoMissed, once ? 0 : 1, rows.count { ($0["title"] ?? .null) == .null }, rows.count)
                    if best.map({ score < $0.score }) ?? true {
                        best = (score, start, anchor, Candidate(field: "title", type: .text, pattern: title, anchor: titleAnchor,
                                                                alsoValues: also.map { _ in nil }), places[0])
                    }
                    break
                }
                // Outermost first: the first row start that cuts only titled rows is the row's own.
                if best.map({ $0.score.0 == 0 && $0.score.1 == 0 && $0.score.2 == 0 }) ?? false { break }
            }
        }
        guard let best else { return nil }
        return finish(rowStart: best.rowStart, anchor: best.anchor, title: best.title, fields: fields,
                      firstTitle: (best.first, titles[0]), page: page, also: also)
    }

    private func finish(rowStart: String, anchor: String, title: Candidate, fields: [Example], firstTitle: (offset: Int, text: String),
                        page: Page, also: [Page]) -> RowSuggestion {
        var found = [Candidate]()
        var unmatched = [Example]()
        for example in fields {
            if let candidate = rowField(example, rowStart: rowStart, title: title, firstTitle: firstTitle, page: page) {
                found.append(candidate)
            } else {
                unmatched.append(example)
            }
        }
        let all = [("title", FieldType.text, title.pattern)] + found.map { ($0.field, $0.type, $0.pattern) }
        return RowSuggestion(rowStart: rowStart, rowStartAnchor: anchor, title: title, fields: found, unmatched: unmatched,
                             rowCount: rows(rowStart: rowStart, fields: all, page: page)?.count ?? 0,
                             alsoRowCounts: also.map { rows(rowStart: rowStart, fields: all, page: $0)?.count ?? 0 })
    }

    /// A pattern for `example` that reads its value on the row titled like the first title.
    private func rowField(_ example: Example, rowStart: String, title: Candidate, firstTitle: (offset: Int, text: String), page: Page) -> Candidate? {
        guard let finder = ValueFinder(value: example.value, type: example.type, engine: engine),
              let wanted = rows(rowStart: rowStart, fields: [("title", .text, title.pattern)], page: page)?
                .firstIndex(where: { row in
                    row["title"].map { same($0, Example(field: "title", value: firstTitle.text, type: .text), on: page) } ?? false
                }) else { return nil }
        var best: (read: Int, candidate: Candidate)?
        for occurrence in finder.occurrences(in: page.utf8, everywhere: true) where occurrence.lowerBound > firstTitle.offset {
            let context = PageContext(page: page.utf8, before: occurrence.lowerBound)
            let spansTags = page.utf8[occurrence].contains(UInt8(ascii: "<"))
            let patterns = candidates(example.type, at: occurrence, in: page.utf8, context: context,
                                      after: page.utf8[occurrence.upperBound...].prefix(40), spansTags: spansTags, ranked: true)
            for (anchor, _, pattern) in patterns {
                guard let rows = rows(rowStart: rowStart, fields: [("v", example.type, pattern)], page: page),
                      wanted < rows.count, let value = rows[wanted]["v"], value != .null, same(value, example, on: page) else { continue }
                // Of those that read the row's value, the one that reads a value on most
                // rows: the row's own title before a number is no label of it.
                let read = rows.count { ($0["v"] ?? .null) != .null }
                if read > (best?.read ?? -1) {
                    best = (read, Candidate(field: example.field, type: example.type, pattern: pattern, anchor: anchor, alsoValues: []))
                }
                if read == rows.count { return best?.candidate }
            }
        }
        return best?.candidate
    }

    /// Where each title is written, in order, each after the one before: one placement
    /// for each of the first title's places in the page's text, and for each in its
    /// tags (a title held in an attribute, `<a title="Stack Overflow">`), tightest first.
    private func titlePlacements(_ titles: [String], in page: [UInt8]) -> [[Range<Int>]] {
        var places = [[Range<Int>]]()
        for title in titles {
            guard let finder = ValueFinder(value: title, type: .text, engine: engine) else { return [] }
            places.append(finder.occurrences(in: page, everywhere: true))
        }
        guard let first = places.first else { return [] }
        let inText = first.filter { ValueFinder.isInText(page, at: $0.lowerBound) }
        let inTags = first.filter { !ValueFinder.isInText(page, at: $0.lowerBound) }
        var placements = [[Range<Int>]]()
        for start in inText.prefix(30) + inTags.prefix(30) {
            let startsInText = ValueFinder.isInText(page, at: start.lowerBound)
            var placement = [start]
            for later in places.dropFirst() {
                // Each title where the first one is: in text, or in a tag.
                guard let next = later.first(where: { $0.lowerBound > (placement.last ?? start).lowerBound
                    && ValueFinder.isInText(page, at: $0.lowerBound) == startsInText }) else { break }
                placement.append(next)
            }
            if placement.count == titles.count { placements.append(placement) }
        }
        // A list's rows stand together: the tightest placements first, a few of them.
        return Array(placements.sorted { ($0.last?.lowerBound ?? 0) - ($0.first?.lowerBound ?? 0) < ($1.last?.lowerBound ?? 0) - ($1.first?.lowerBound ?? 0) }.prefix(6))
    }

    private func startTags(in page: [UInt8], before end: Int) -> [(offset: Int, tag: PageContext.Tag)] {
        var tags = [(offset: Int, tag: PageContext.Tag)]()
        var index = 0
        while index < end, let open = page[index..<end].firstIndex(of: UInt8(ascii: "<")) {
            guard open + 1 < end, let close = page[(open + 1)..<min(end, open + 2_000)].firstIndex(of: UInt8(ascii: ">")) else { break }
            let first = page[open + 1] | 0x20
            if first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
               let tag = PageContext.tag(String(decoding: page[open...close], as: UTF8.self)[...]) {
                tags.append((open, tag))
            }
            index = close + 1
        }
        return tags
    }

    /// Row-start patterns for the tag kinds found in front of every title (between it
    /// and the title before), outermost first: a row's own element comes before its cells.
    private func rowStarts(_ tags: [(offset: Int, tag: PageContext.Tag)], titlePlaces: [Int]) -> [(String, String, Bool)] {
        func kinds(_ tag: PageContext.Tag) -> [(key: String, pattern: String, anchor: String)] {
            var kinds = [(key: String, pattern: String, anchor: String)]()
            if let id = tag.id, !id.isEmpty {
                let general = ElementPatterns.generalised(id)
                kinds.append(("\(tag.name)#\(general)", "<\(tag.name)\\b[^>]*?\\bid\\s*=\\s*[\"\\x27]\(general)[\"\\x27]",
                              "<\(tag.name) id=\"\(id)\"> and its kind"))
            }
            // Named classes before layout ones: `<li class="d-flex ListItem">` is a ListItem.
            let named = tag.classes.filter { !AnchorWords.looksGenerated($0) }
            for name in (named.filter { !AnchorWords.isLayout($0) } + named.filter(AnchorWords.isLayout)).prefix(4) {
                kinds.append(("\(tag.name).\(name)", "<\(tag.name)\\b[^>]*?\\bclass\\s*=\\s*[\"\\x27](?:[^\"\\x27]*\\s)?\(ElementPatterns.escaped(name))(?:\\s[^\"\\x27]*)?[\"\\x27]",
                              "<\(tag.name) class=\"\(name)\">"))
            }
            // A plain list's rows: `<li>` with neither id nor class.
            if tag.isBare { kinds.append((tag.name, "<\(tag.name)\\b", "<\(tag.name)>")) }
            return kinds
        }
        var gaps = [[String: (first: Int, count: Int, last: Int)]]()
        var patterns = [String: (String, String)]()
        for (index, end) in titlePlaces.enumerated() {
            let start = index == 0 ? 0 : titlePlaces[index - 1]
            var seen = [String: (first: Int, count: Int, last: Int)]()
            for entry in tags where entry.offset >= start && entry.offset < end && !entry.tag.isEnd {
                for kind in kinds(entry.tag) {
                    seen[kind.key] = (seen[kind.key]?.first ?? entry.offset, (seen[kind.key]?.count ?? 0) + 1, entry.offset)
                    patterns[kind.key] = (kind.pattern, kind.anchor)
                }
            }
            gaps.append(seen)
        }
        guard let last = gaps.last else { return [] }
        let common = last.keys.filter { key in gaps.allSatisfy { $0[key] != nil } }
        // A row's own element starts once between one title and the next; outermost first.
        // ... and as far before its title in the first row as in the others: an element
        // that ends each row (a badge after its title) is once between titles too, but
        // before the first title it stands anywhere (in the page's header), or nowhere.
        func once(_ key: String) -> Bool {
            guard gaps.dropFirst().allSatisfy({ $0[key]?.count == 1 }), let first = gaps.first?[key] else { return false }
            let heads = zip(gaps.dropFirst(), titlePlaces.dropFirst()).map { gap, title in title - (gap[key]?.last ?? title) }
            return titlePlaces[0] - first.last <= 2 * (heads.max() ?? 0) + 200
        }
        // A class that names the row (`pinned-item-list-item`) before a layout class (`col-12`).
        func steady(_ key: String) -> Bool {
            guard let dot = key.firstIndex(of: ".") else { return true }
            return !AnchorWords.isLayout(String(key[key.index(after: dot)...]))
        }
        return common.sorted { a, b in
            if once(a) != once(b) { return once(a) }
            if steady(a) != steady(b) { return steady(a) }
            return (last[a]?.first ?? 0, a) < (last[b]?.first ?? 0, b)
        }.prefix(12).compactMap { key in patterns[key].map { ($0.0, $0.1, once(key)) } }
    }

    /// A pattern with its capturing groups made non-capturing, to stand in a lookahead.
    static func withoutCaptures(_ pattern: String) -> String {
        var out = ""
        var escaped = false, inClass = false
        var characters = pattern.makeIterator()
        var pending: Character? = characters.next()
        while let character = pending {
            pending = characters.next()
            defer { escaped = !escaped && character == "\\" }
            if escaped { out.append(character); continue }
            if character == "[" { inClass = true } else if character == "]" { inClass = false }
            if character == "(", !inClass, pending != "?" { out += "(?:"; continue }
            out.append(character)
        }
        return out
    }

    /// The rows a one-collection pack cuts from `page`, or nil when it does not load.
    func rows(rowStart: String, fields: [(String, FieldType, String)], page: Page) -> [ExtractedRecord.Row]? {
        var toml = """
            [collections.rows]
            source = "\(source)"
            row_start = '\(rowStart)'

            """
        for (name, type, pattern) in fields {
            toml += "[collections.rows.fields.\(Self.tomlKey(name))]\ntype = \"\(type.rawValue)\"\npattern = '\(pattern)'\n"
        }
        return extract(page, with: toml)?.collections["rows"]
    }

    /// Why no rows hold `titles`, with what to try: a title not on the page is named;
    /// titles all there mean their rows do not start alike.
    public func whyNoRows(_ titles: [String], page: Page) -> String {
        let missing = titles.filter { title in
            guard let finder = ValueFinder(value: title, type: .text, engine: engine) else { return true }
            return finder.occurrences(in: page.utf8, everywhere: true).isEmpty
        }
        guard missing.isEmpty else {
            return "\(missing.map { "'\($0)'" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not on \(page.origin); give each title as the page shows it (its spelling, its punctuation)"
        }
        return "every title is on \(page.origin), in that order, but no element starts each of their rows alike; give titles of rows next to each other in one list (its first rows), or write row_start by hand (docs/patterns.md)"
    }

    /// Every title is among the rows' titles, one row each, in order.
    func holds(_ titles: [String], in values: [FieldValue], on page: Page) -> Bool {
        var rest = values[...]
        for title in titles {
            let example = Example(field: "title", value: title, type: .text)
            guard let index = rest.firstIndex(where: { same($0, example, on: page) }) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }
}

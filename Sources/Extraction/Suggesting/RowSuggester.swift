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

    /// Nil when no row start holds every title, one per row.
    public func suggestRows(titles: [String], fields: [Example], page: Page, also: [Page] = []) -> RowSuggestion? {
        guard titles.count >= 2, let places = titlePlaces(titles, in: page.utf8) else { return nil }
        let starts = startTags(in: page.utf8, before: places.last ?? 0)
        for (rowStart, anchor) in rowStarts(starts, titlePlaces: places) {
            let context = PageContext(page: page.utf8, before: places[0])
            for (titleAnchor, _, prefix) in anchors(context) {
                for capture in captures(.text, after: page.utf8[places[0]...].prefix(40), spansTags: false, holder: context.tags.first) {
                    let title = prefix + capture
                    guard let rows = rows(rowStart: rowStart, fields: [("title", .text, title)], page: page),
                          Self.holds(titles, in: rows.map { $0["title"] ?? .null }) else { continue }
                    let titleCandidate = Candidate(field: "title", type: .text, pattern: title, anchor: titleAnchor,
                                                   alsoValues: also.map { _ in nil })
                    return finish(rowStart: rowStart, anchor: anchor, title: titleCandidate, fields: fields,
                                  firstTitle: places[0], page: page, also: also)
                }
            }
        }
        return nil
    }

    private func finish(rowStart: String, anchor: String, title: Candidate, fields: [Example], firstTitle: Int,
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
    private func rowField(_ example: Example, rowStart: String, title: Candidate, firstTitle: Int, page: Page) -> Candidate? {
        guard let finder = ValueFinder(value: example.value, type: example.type, engine: engine),
              let wanted = rows(rowStart: rowStart, fields: [("title", .text, title.pattern)], page: page)?
                .firstIndex(where: { $0["title"] != nil && $0["title"] != .null }) else { return nil }
        for occurrence in finder.occurrences(in: page.utf8) where occurrence.lowerBound > firstTitle {
            let context = PageContext(page: page.utf8, before: occurrence.lowerBound)
            let spansTags = page.utf8[occurrence].contains(UInt8(ascii: "<"))
            for (anchor, _, prefix) in anchors(context).sorted(by: { $0.1 < $1.1 }) {
                for capture in captures(example.type, after: page.utf8[occurrence.upperBound...].prefix(40), spansTags: spansTags,
                                        holder: context.tags.first) {
                    let pattern = prefix + capture
                    guard let rows = rows(rowStart: rowStart, fields: [("v", example.type, pattern)], page: page),
                          wanted < rows.count, let value = rows[wanted]["v"], value != .null, Self.same(value, example) else { continue }
                    return Candidate(field: example.field, type: example.type, pattern: pattern, anchor: anchor, alsoValues: [])
                }
            }
        }
        return nil
    }

    /// Where each title is written, in order, each after the one before.
    private func titlePlaces(_ titles: [String], in page: [UInt8]) -> [Int]? {
        var places = [Int]()
        for title in titles {
            guard let finder = ValueFinder(value: title, type: .text, engine: engine),
                  let place = finder.occurrences(in: page).first(where: { $0.lowerBound > (places.last ?? -1) }) else { return nil }
            places.append(place.lowerBound)
        }
        return places
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
    private func rowStarts(_ tags: [(offset: Int, tag: PageContext.Tag)], titlePlaces: [Int]) -> [(String, String)] {
        func kinds(_ tag: PageContext.Tag) -> [(key: String, pattern: String, anchor: String)] {
            var kinds = [(key: String, pattern: String, anchor: String)]()
            if let id = tag.id, !id.isEmpty {
                let general = Self.generalised(id)
                kinds.append(("\(tag.name)#\(general)", "<\(tag.name)\\b[^>]*?\\bid\\s*=\\s*[\"\\x27]\(general)[\"\\x27]",
                              "<\(tag.name) id=\"\(id)\"> and its kind"))
            }
            if let name = tag.classes.first {
                kinds.append(("\(tag.name).\(name)", "<\(tag.name)\\b[^>]*?\\bclass\\s*=\\s*[\"\\x27](?:[^\"\\x27]*\\s)?\(Self.escaped(name))(?:\\s[^\"\\x27]*)?[\"\\x27]",
                              "<\(tag.name) class=\"\(name)\">"))
            }
            // A plain list's rows: `<li>` with neither id nor class.
            if tag.isBare { kinds.append((tag.name, "<\(tag.name)\\b", "<\(tag.name)>")) }
            return kinds
        }
        var gaps = [[String: Int]]()
        var patterns = [String: (String, String)]()
        for (index, end) in titlePlaces.enumerated() {
            let start = index == 0 ? 0 : titlePlaces[index - 1]
            var firstOffsets = [String: Int]()
            for entry in tags where entry.offset >= start && entry.offset < end && !entry.tag.isEnd {
                for kind in kinds(entry.tag) {
                    if firstOffsets[kind.key] == nil { firstOffsets[kind.key] = entry.offset }
                    patterns[kind.key] = (kind.pattern, kind.anchor)
                }
            }
            gaps.append(firstOffsets)
        }
        guard let last = gaps.last else { return [] }
        let common = last.keys.filter { key in gaps.allSatisfy { $0[key] != nil } }
        return common.sorted { (last[$0] ?? 0, $0) < (last[$1] ?? 0, $1) }.prefix(8).compactMap { patterns[$0] }
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

    /// Every title is among the rows' titles, one row each, in order.
    static func holds(_ titles: [String], in values: [FieldValue]) -> Bool {
        var rest = values[...]
        for title in titles {
            let example = Example(field: "title", value: title, type: .text)
            guard let index = rest.firstIndex(where: { same($0, example) }) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }
}

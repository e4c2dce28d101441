import Extraction
import Packs

/// A list's title and the values given for its titled rows: each pattern read down the
/// list's rows as a lookup would, and kept only where every titled row reads its own
/// title and its own values (a row start that cut an item in two would give a title's
/// row the next item's values).
extension ListLearner {
    func titlePattern(_ found: ListFinder.Found, titles: [String], within: [String], rowStart: String) -> PatternSuggester.Candidate? {
        guard let first = found.titled.first, let finder = ValueFinder(value: titles[0], type: .text, engine: suggester.engine),
              let place = main.place(of: finder, inside: first.title) else { return nil }
        for anchored in suggester.candidatePatterns(.text, at: place, on: main) {
            let (anchor, pattern) = (anchored.anchor, anchored.pattern)
            guard let rows = rows(within: within, rowStart: rowStart, fields: [("title", .text, pattern)]), rows.count == found.items.count else { continue }
            let right = zip(titles, found.titled).allSatisfy { title, pair in
                guard let row = found.items.firstIndex(of: pair.item) else { return false }
                return suggester.same(rows[row]["title"] ?? .null, PatternSuggester.Example(field: "title", value: title, type: .text), on: main.page)
            }
            if right { return PatternSuggester.Candidate(field: "title", type: .text, pattern: pattern, anchor: anchor, alsoValues: []) }
        }
        return nil
    }

    /// Where an item's row ends, as a row start cuts the list: at the next item beside it,
    /// so that a row of `<dt>` and `<dd>` holds both; the last at the list's end.
    func rowEnd(of item: Int, in found: ListFinder.Found) -> Int {
        let tree = main.tree
        guard let index = found.items.firstIndex(of: item) else { return tree.nodes[item].end }
        guard index + 1 < found.items.count else { return min(found.end, tree.nodes[found.container].end) }
        let next = found.items[index + 1]
        return tree.nodes[next].parent == tree.nodes[item].parent ? tree.nodes[next].start : tree.nodes[item].end
    }

    /// Each row field, from the values given for it on titled rows.
    func rowFields(_ values: [RowExample], titles: [String], found: ListFinder.Found, into learned: inout Learned) {
        var order = [String]()
        for value in values where !order.contains(value.example.field) { order.append(value.example.field) }
        // Where each field learned so far was found: another field's equal value there
        // (4 losses, 4 draws) is that field's, and this one's stands further on.
        var used = Set<Int>()
        for field in order {
            let given = values.filter { $0.example.field == field }
            var best = rowField(given, titles: titles, found: found, learned: learned, used: used)
            // A count the site rounds on rows not given (`★ 1.1k` below `★ 312`): there a
            // rounded count reads rows an int cannot.
            if let int = best, int.candidate.type == .int, !given.contains(where: \.example.typeStated),
               let rounded = rowField(given.map { ($0.title, PatternSuggester.Example(field: field, value: $0.example.value, type: .rounded)) },
                                      titles: titles, found: found, learned: learned, used: used), rounded.read > int.read {
                best = rounded
            }
            if let best { used.insert(best.place) }
            if let candidate = best?.candidate {
                learned.fields.append(candidate)
                if let sign = rowPresence(candidate, learned: learned) { learned.present[candidate.field] = sign }
            } else if let first = given.first {
                learned.unlearned.append((first.example, "no pattern reads it in its own row, for each row it was given for (\(given.map { "'\($0.title)'" }.joined(separator: ", ")))"))
            }
        }
    }

    /// Of the patterns that read every given value in its own row, the one that also
    /// reads each value given on the other pages in its row there, then the one that
    /// reads a value in most rows of every page (the row's own title before a number is
    /// no label of it), then the steadiest. `read`: the rows it reads a value in.
    private func rowField(_ given: [RowExample], titles: [String], found: ListFinder.Found, learned: Learned,
                          used: Set<Int>) -> (read: Int, candidate: PatternSuggester.Candidate, place: Int)? {
        var tried = Set<String>()
        var best: (held: Bool, read: Int, rank: Int, candidate: PatternSuggester.Candidate, place: Int)?
        let plain = rowsOnEveryPage(within: learned.within, rowStart: learned.rowStart, fields: [])
        let everyRow = (plain?.main.count ?? 0) + (plain?.also.reduce(0) { $0 + $1.count } ?? 0)
        for value in given {
            guard let index = titles.firstIndex(of: value.title), index < found.titled.count,
                  let finder = ValueFinder(value: value.example.value, type: value.example.type, engine: suggester.engine) else { continue }
            let places = main.places(of: finder, inside: found.titled[index].item, through: rowEnd(of: found.titled[index].item, in: found))
            let free = places.filter { !used.contains($0.range.lowerBound) }
            for place in (free.isEmpty ? places : free).prefix(3) {
                for anchored in suggester.candidatePatterns(value.example.type, at: place, on: main) where tried.insert(anchored.pattern).inserted {
                    let fields = [("title", FieldType.text, learned.title.pattern), ("v", value.example.type, anchored.pattern)]
                    guard let (rows, other) = rowsOnEveryPage(within: learned.within, rowStart: learned.rowStart, fields: fields),
                          rows.count == found.items.count, readsEachRow(given, rows: rows, titles: titles, found: found) else { continue }
                    let held = zip(also, other).allSatisfy { page, rows in readsItsRows(page.values.filter { $0.example.field == value.example.field }, rows: rows, on: page.page) }
                    let read = (rows + other.joined()).count { ($0["v"] ?? .null) != .null }
                    if best.map({ (held && !$0.held) || (held == $0.held && (read > $0.read || (read == $0.read && anchored.rank < $0.rank))) }) ?? true {
                        best = (held, read, anchored.rank, PatternSuggester.Candidate(field: value.example.field, type: value.example.type, pattern: anchored.pattern,
                                                                                     anchor: anchored.anchor, alsoValues: [], sign: anchored.sign), place.range.lowerBound)
                    }
                }
            }
            if let best, best.held, best.read == everyRow { return (best.read, best.candidate, best.place) }
        }
        return best.map { ($0.read, $0.candidate, $0.place) }
    }

    /// The rows a one-list pack reads on the page learned from (nil where it reads no
    /// list there) and on each other page given, the pack loaded once.
    private func rowsOnEveryPage(within: [String], rowStart: String, fields: [(String, FieldType, String)]) -> (main: [ExtractedRecord.Row], also: [[ExtractedRecord.Row]])? {
        guard let (extractor, _) = onePack(within: within, rowStart: rowStart, fields: fields),
              let rows = extractor.extract([main.page]).collections["rows"] else { return nil }
        return (rows, also.map { extractor.extract([$0.page]).collections["rows"] ?? [] })
    }

    /// Each value given on another page is what the row of its title reads there.
    private func readsItsRows(_ given: [RowExample], rows: [ExtractedRecord.Row], on page: Page) -> Bool {
        given.allSatisfy { value in
            let title = PatternSuggester.Example(field: "title", value: value.title, type: .text)
            guard let row = rows.first(where: { suggester.same($0["title"] ?? .null, title, on: page) }) else { return false }
            return suggester.same(row["v"] ?? .null, value.example, on: page)
        }
    }

    /// The field's sign, where some rows show neither the value nor its sign (a book
    /// with no year of publication): those rows then read none, not unknown. Nil where
    /// every row reads a value, or the sign does not tell those rows apart.
    private func rowPresence(_ candidate: PatternSuggester.Candidate, learned: Learned) -> String? {
        guard let sign = candidate.sign else { return nil }
        let fields = [("title", FieldType.text, learned.title.pattern), ("v", candidate.type, candidate.pattern)]
        guard let (plain, _) = onePack(within: learned.within, rowStart: learned.rowStart, fields: fields),
              let rows = plain.extract([main.page]).collections["rows"], rows.contains(where: { ($0["v"] ?? .null) == .null }),
              let (signed, _) = onePack(within: learned.within, rowStart: learned.rowStart, fields: fields, present: ["v": sign]) else { return nil }
        let record = signed.extract([main.page])
        let unread = record.problems.contains { $0.field?.list != nil && $0.field?.name == "v" }
        return unread ? nil : sign
    }

    /// Every given value is what its own row reads: a titled row's found on the page, any
    /// other's the row whose title reads as the one given (a value read on a third row).
    private func readsEachRow(_ given: [RowExample], rows: [ExtractedRecord.Row], titles: [String], found: ListFinder.Found) -> Bool {
        given.allSatisfy { value in
            let row: Int?
            if let index = titles.firstIndex(of: value.title), index < found.titled.count {
                row = found.items.firstIndex(of: found.titled[index].item)
            } else {
                let title = PatternSuggester.Example(field: "title", value: value.title, type: .text)
                row = rows.firstIndex { suggester.same($0["title"] ?? .null, title, on: main.page) }
            }
            guard let row, row < rows.count else { return false }
            return suggester.same(rows[row]["v"] ?? .null, value.example, on: main.page)
        }
    }

    /// The rows a one-list pack reads on the page learned from.
    func rows(within: [String], rowStart: String, fields: [(String, FieldType, String)]) -> [ExtractedRecord.Row]? {
        guard let (extractor, _) = onePack(within: within, rowStart: rowStart, fields: fields) else { return nil }
        return extractor.extract([main.page]).collections["rows"]
    }
}

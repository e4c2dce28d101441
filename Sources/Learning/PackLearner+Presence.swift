import Extraction
import Packs

/// Absence learned from the pages given: a value one page shows and another does not
/// (no Born row on a sparse author's page, a detail the owner's own view leaves out)
/// gets its sign as `present`, looked for in a box both pages show. The page without
/// the value then reads it as none (null, no problem), not as unknown; and a page that
/// shows the sign without a readable value is still a problem.
extension PackLearner {
    struct Presence {
        let candidate: PatternSuggester.Candidate
        let present: String?
        let note: String?
    }

    func presence(of candidate: PatternSuggester.Candidate, example: PatternSuggester.Example, main: SamplePage,
                  also: [(SamplePage, PageValues)]) -> Presence {
        let unchanged = Presence(candidate: candidate, present: nil, note: nil)
        guard let sign = candidate.sign else { return unchanged }
        // The pages where it reads nothing and no value was given: they may show none.
        let misses = also.indices.filter { index in
            index < candidate.alsoValues.count && candidate.alsoValues[index] == nil && !also[index].1.values.contains { $0.field == example.field }
        }
        guard !misses.isEmpty, misses.allSatisfy({ !shows(sign, on: also[$0].0) }) else { return unchanged }
        for within in boxes(of: candidate, example: example, main: main) {
            guard let (extractor, _) = suggester.onePack(example.type, within: within, pattern: candidate.pattern, present: sign) else { continue }
            let here = extractor.extract([main.page]).value("v") ?? .null
            guard here != .null, suggester.same(here, example, on: main.page) else { continue }
            let absentOnEach = misses.allSatisfy { index in
                let record = extractor.extract([also[index].0.page])
                return (record.value("v") ?? .null) == .null && !record.problems.contains { $0.field == .field("v") }
            }
            guard absentOnEach else { continue }
            let pages = misses.map { also[$0].0.origin }.joined(separator: ", ")
            let kept = PatternSuggester.Candidate(field: candidate.field, type: candidate.type, pattern: candidate.pattern, anchor: candidate.anchor,
                                                  alsoValues: candidate.alsoValues, within: within, sign: sign)
            return Presence(candidate: kept, present: sign,
                            note: "\(example.field): not shown on \(pages) (nor its sign), so a page without it reads as none: `present` is its sign, in its box")
        }
        return unchanged
    }

    /// The boxes the sign is looked for in: the candidate's own, else those around the
    /// value where the candidate reads it, nearest first.
    private func boxes(of candidate: PatternSuggester.Candidate, example: PatternSuggester.Example, main: SamplePage) -> [[String]] {
        if !candidate.within.isEmpty { return [candidate.within] }
        guard let (extractor, field) = suggester.onePack(example.type, within: [], pattern: candidate.pattern),
              let found = extractor.place(of: field, on: main.page), let node = main.tree.node(at: found.capture.lowerBound) else { return [] }
        return BlockScopes(tree: main.tree).scopes(around: node).map { [$0.within] }
    }

    /// Whether the sign's pattern matches anywhere on the page.
    private func shows(_ sign: String, on sample: SamplePage) -> Bool {
        guard let (extractor, _) = suggester.onePack(.string, within: [], pattern: "(" + sign + ")") else { return true }
        return (extractor.extract([sample.page]).value("v") ?? .null) != .null
    }

    /// A list a page given shows empty (`list-count=0`): the list's element shown with
    /// nothing in it is its sign (`absent`), where it stands so on every such page and on
    /// no page with rows; else the list there stays unknown, and is said.
    func withEmptySign(_ list: ListLearner.Learned, pages: [(SamplePage, PageValues)], notes: inout [String]) -> ListLearner.Learned {
        let empty = pages.filter { $0.1.listCount == 0 }.map(\.0)
        guard !empty.isEmpty else { return list }
        let full = pages.filter { $0.1.listCount != 0 }.map(\.0)
        var list = list
        list.absent = list.emptyBoxes.first { box in
            empty.allSatisfy { shows(box.pattern, on: $0) } && !full.contains { shows(box.pattern, on: $0) }
        }
        if list.absent == nil {
            notes.append("\(site.collection): \(empty.map(\.origin).joined(separator: ", ")) shows no rows, but nothing there tells an empty list from a missing one: add `absent` (its words for none), or it reads as unknown")
        }
        return list
    }
}

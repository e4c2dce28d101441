import Extraction
import Packs

/// The learned pack read on every page given, as a user's run would: each value a
/// person gave, each titled row's title and values, the list's length; and where a
/// page's list holds more or fewer rows than its section shows items, said.
extension PackLearner {
    func check(_ pack: SitePack, pages: [(SamplePage, PageValues)], notes: inout [String]) -> [Check] {
        var checks = [Check]()
        for (sample, entry) in pages {
            let page = Page(source: site.source, utf8: entry.page.utf8, origin: entry.page.origin, servedAt: entry.page.servedAt)
            let record = Extractor(pack: pack, baseURL: baseURL).extract([page])
            for example in entry.values {
                let value = record.value(example.field) ?? .null
                checks.append(Check(page: entry.page.origin, field: example.field, expected: example.value,
                                    read: value == .null ? nil : value.description, right: value != .null && suggester.same(value, example, on: entry.page)))
            }
            guard let collection = pack.collection(named: site.collection) else { continue }
            let rows = record.collections[site.collection]
            checks += rowChecks(rows ?? [], entry: entry)
            if let count = entry.listCount {
                checks.append(Check(page: entry.page.origin, field: "\(site.collection) (rows)", expected: "\(count)",
                                    read: rows.map { "\($0.count)" }, right: rows?.count == count))
            }
            if let note = itemsNote(rows, collection: collection, pack: pack, sample: sample) { notes.append(note) }
        }
        return checks
    }

    /// Each title among the rows' titles; each titled row's values in the first row of that title.
    private func rowChecks(_ rows: [ExtractedRecord.Row], entry: PageValues) -> [Check] {
        var checks = [Check]()
        let titles = rows.map { $0["title"] ?? .null }
        for title in entry.rowTitles {
            let example = PatternSuggester.Example(field: "title", value: title, type: .text)
            let right = titles.contains { suggester.same($0, example, on: entry.page) }
            checks.append(Check(page: entry.page.origin, field: "\(site.collection)[].title", expected: title, read: right ? title : nil, right: right))
        }
        for (title, example) in entry.titledRowValues {
            let titled = PatternSuggester.Example(field: "title", value: title, type: .text)
            let row = rows.first { suggester.same($0["title"] ?? .null, titled, on: entry.page) }
            let value = row?[example.field] ?? .null
            checks.append(Check(page: entry.page.origin, field: "\(site.collection)['\(title)'].\(example.field)", expected: example.value,
                                read: value == .null ? nil : value.description, right: value != .null && suggester.same(value, example, on: entry.page)))
        }
        return checks
    }

    /// Where the rows read on a page are not the items its tree shows in the list's
    /// section (the element the section ends with): how many of each.
    private func itemsNote(_ rows: [ExtractedRecord.Row]?, collection: CollectionRule, pack: SitePack, sample: SamplePage) -> String? {
        guard let rows, let regions = Extractor(pack: pack, baseURL: baseURL).rowRegions(of: collection, on: sample.page), let first = regions.first,
              let node = sample.tree.node(at: first.lowerBound), sample.tree.isElement(node), let container = sample.tree.nodes[node].parent else { return nil }
        let tree = sample.tree
        // A table's row of header cells (`<th>`, or cells of a class that says so:
        // `<td class="thead">`) is its columns' names, not an item.
        let header = { (row: Int) in
            tree.nodes[row].name == "tr" && tree.elementChildren(of: row).allSatisfy { cell in
                tree.nodes[cell].name == "th" || tree.classes(of: cell).contains { $0.lowercased().contains("head") }
            }
        }
        let items = tree.elementChildren(of: container).filter { tree.nodes[$0].name == tree.nodes[node].name && !header($0) }.count
        guard items != rows.count else { return nil }
        return "\(sample.origin): the \(site.collection) list reads \(rows.count) rows where its section shows \(items) items of its kind: check the rows (a row cut in two, or a list running on into the next)"
    }
}

import Matching
import Packs

/// Collections: a page cut into rows, and each row's fields read as scalar fields are,
/// with the row as the region.
extension ExtractionRun {
    /// The most rows read from one page of a list: far more than any member's list page
    /// shows, few enough that a row rule gone wrong costs seconds, not minutes and gigabytes.
    static let mostRows = 10_000

    /// The rows of a collection on each of its source's pages, in page order, as one
    /// list: rows are numbered across pages in messages, and each field's outcome
    /// counts them all.
    /// Nil, with a problem, when a page shows no row and does not say that the list
    /// has none (its `absent`): its section not found, or found without a row.
    mutating func rows(of collection: CollectionRule, on pages: [Page]) -> [ExtractedRecord.Row]? {
        var outcomes = collection.fields.map { field in
            FieldOutcome(field: .cell(list: collection.name, row: .every, field: field.name), source: collection.source,
                         alternatives: field.alternatives.count)
        }
        var rows = [ExtractedRecord.Row]()
        for page in pages {
            guard let found = self.rows(of: collection, on: page, numberedFrom: rows.count, outcomes: &outcomes) else {
                // The list's section is not on the page: unknown, never an empty list.
                record.outcomes.append(contentsOf: outcomes)
                return nil
            }
            rows += found
        }
        record.outcomes.append(contentsOf: outcomes)
        return rows
    }

    private mutating func rows(of collection: CollectionRule, on page: Page, numberedFrom first: Int,
                               outcomes: inout [FieldOutcome]) -> [ExtractedRecord.Row]? {
        var regions = [Range<Int>]()
        let whole = 0..<page.utf8.count
        do throws(MatchFailure) {
            var region = whole
            for narrowing in collection.within {
                guard let narrowed = try narrow(region, with: narrowing, on: page) else {
                    if first == 0, !shows(collection.present, on: page, in: whole), shows(collection.absent, on: page, in: whole) { return [] }
                    problem(.extraction, .list(collection.name), page, "the list's section is not on the page (within '\(Self.abbreviated(narrowing.pattern.pattern))' found nothing)\(noneSaid(collection, page: page)), so the list is unknown, not empty")
                    return nil
                }
                region = narrowed
            }
            for cut in collection.rowCuts {
                regions = try rowRegions(cut, on: page, in: region)
                if !regions.isEmpty { break }
            }
            // A row rule that matches everywhere (empty text, every tag) would make a row
            // of every byte: the list is cut, said once, and reads no more.
            if regions.count > ExtractionRun.mostRows {
                problem(.extraction, .list(collection.name), page, "more than 10,000 rows on one page: its row pattern matches more often than any list has rows (does it match empty text?); the list is cut at 10,000, and every statistic over it is unknown")
                regions = Array(regions.prefix(ExtractionRun.mostRows))
                unknownLists.insert(collection.name)
            }
            // No row: empty only where the page says the list has none; a later page of
            // a list that has rows ends it.
            if regions.isEmpty && first == 0 {
                if !shows(collection.present, on: page, in: whole), shows(collection.absent, on: page, in: whole) { return [] }
                problem(.extraction, .list(collection.name), page, "no row found\(collection.within.isEmpty ? "" : " in the list's section")\(noneSaid(collection, page: page)), so the list is unknown, not empty")
                return nil
            }
        } catch {
            problem(.extraction, .rows(collection.name), page, "cutting rows: \(error.message)")
            return nil
        }
        // A field at a time, down the rows: one pattern's compiled code stays hot where,
        // row by row, a dozen patterns and their conversions would take turns (172
        // against 236 µs for the same PCRE2 calls, measured from C). Problems are
        // listed as a reader scans a table, row by row; a cell has one at most.
        let emptyRow = emptyRows[collection.name] ?? ExtractedRecord.Row(names: RowNames(collection.fields.map(\.name)))
        var rows = [ExtractedRecord.Row](repeating: emptyRow, count: regions.count)
        var noted = [(cell: Int, problem: ExtractionProblem)]()
        for (column, field) in collection.fields.enumerated() {
            for (row, rowRegion) in regions.enumerated() {
                let place = FieldPath.cell(list: collection.name, row: .index(first + row), field: field.name)
                let before = record.problems.count
                rows[row].readings[column] = value(of: field, at: place, inRow: true, outcome: &outcomes[column]) { source in
                    source == collection.source ? (page, rowRegion) : nil
                }
                if record.problems.count > before, let problem = record.problems.popLast() {
                    noted.append((row * collection.fields.count + column, problem))
                    unreadRows["\(collection.name).\(field.name)", default: []].append(first + row)
                }
            }
        }
        noted.sort { $0.cell < $1.cell }
        record.problems.append(contentsOf: noted.map(\.problem))
        return rows
    }

    /// Why the page does not count as saying the list has none: its own sign shows, or
    /// the pack gives no sign of none, or the sign is not on this page.
    private func noneSaid(_ collection: CollectionRule, page: Page) -> String {
        let whole = 0..<page.utf8.count
        if shows(collection.present, on: page, in: whole) { return ", though the page shows the list (its present pattern matched)" }
        return collection.absent.isEmpty ? " and the pack gives no sign of an empty list (absent)"
            : " and the page does not say the list has none (its absent pattern did not match)"
    }

    func rowRegions(_ cut: RowCut, on page: Page, in region: Range<Int>) throws(MatchFailure) -> [Range<Int>] {
        let group = cut.pattern.captureCount > 0 ? 1 : 0
        var found = [Range<Int>]()
        try page.utf8.withUnsafeBufferPointer { buffer throws(MatchFailure) in
            let subject = UnsafeBufferPointer(rebasing: buffer[region])
            var position = 0
            // One past the most rows is enough to know the list is cut.
            while position <= subject.count, found.count <= ExtractionRun.mostRows, let match = try cut.pattern.firstMatch(in: subject, from: position) {
                switch cut.mode {
                case .match:
                    if let range = match.group(group) { found.append(range) }
                case .start:
                    // Only where the match starts counts; the row runs to the next one's start.
                    found.append(match.range.lowerBound..<match.range.lowerBound)
                }
                position = match.range.isEmpty ? match.range.upperBound + 1 : match.range.upperBound
            }
            if cut.mode == .start {
                for index in found.indices {
                    let end = index + 1 < found.count ? found[index + 1].lowerBound : subject.count
                    found[index] = found[index].lowerBound..<end
                }
            }
        }
        return found.map { ($0.lowerBound + region.lowerBound)..<($0.upperBound + region.lowerBound) }
    }
}

import Extraction
import Lookup

/// Which values in a member's shown rows the page showed rounded (`repos[0].stars`:
/// 100). Rows are shown sorted and cut, and steps are kept by the row's place on the
/// page, so each shown row is found back in the list (only when anything is rounded).
struct RowSteps {
    private let steps: [String: Int]
    private let collection: String
    private let places: [Int?]

    init(_ record: MemberRecord, collection: String, shown rows: [ExtractedRecord.Row]) {
        let prefix = collection + "["
        steps = (record.extracted.rounded ?? [:]).filter { $0.key.hasPrefix(prefix) }
        self.collection = collection
        if steps.isEmpty {
            places = []
        } else {
            let all = record.extracted.collections[collection] ?? []
            places = rows.map { row in all.firstIndex(of: row) }
        }
    }

    /// The step of the shown row `index`'s `column`; nil when the page showed it exactly.
    func step(row index: Int, column: String) -> Int? {
        guard !steps.isEmpty, index < places.count, let place = places[index] else { return nil }
        return steps["\(collection)[\(place)].\(column)"]
    }

    /// True when a shown row's `column` was rounded: its total is known no closer.
    func roundsAny(_ column: String, rows: Int) -> Bool {
        !steps.isEmpty && (0..<rows).contains { step(row: $0, column: column) != nil }
    }

    /// A totals row with `≈` before each total over a rounded value.
    func marked(_ totals: [String], columns: [String], rows: Int) -> [String] {
        zip(totals, columns).enumerated().map { index, pair in
            index > 0 && !pair.0.isEmpty && roundsAny(pair.1, rows: rows) ? "≈ " + pair.0 : pair.0
        }
    }
}

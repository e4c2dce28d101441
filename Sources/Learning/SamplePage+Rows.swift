import Matching

extension SamplePage {
    /// Whether `place`, showing `value`, stands in a row of the list whose given values
    /// hold it: after that row's title and before any other title the page shows. An
    /// author's "3.50 average" beside a first book's "avg rating 3.50" is read above
    /// the books, not in the first of them.
    func isInRowGiven(_ place: Place, value: String, engine: any PatternEngine) -> Bool {
        let owners = rowValues.filter { $0.value == value }.map(\.title)
        guard !owners.isEmpty else { return false }
        var before: (title: String, at: Int)?
        var nextAt = Int.max
        for title in Set(rowValues.map(\.title)) {
            guard let finder = ValueFinder(value: title, type: .text, engine: engine) else { continue }
            for shown in places(of: finder).shown where shown.visibility.rank == 0 {
                let at = shown.range.lowerBound
                if place.range.lowerBound > at, at > before?.at ?? -1 { before = (title, at) }
                if at > place.range.upperBound { nextAt = min(nextAt, at) }
            }
        }
        guard let before, owners.contains(before.title) else { return false }
        // The last row ends where its box would: a short way past its title.
        return nextAt != Int.max || place.range.lowerBound - before.at < 2_000
    }
}

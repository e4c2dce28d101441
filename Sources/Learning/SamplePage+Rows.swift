import Matching

extension SamplePage {
    /// Of `shown`, the places of `value` that stand in a row of the list whose given
    /// values hold it: after that row's title and before any other title the page shows.
    /// An author's "3.50 average" beside a first book's "avg rating 3.50" is read above
    /// the books, not in the first of them.
    func placesInRowsGiven(_ shown: [Place], value: String, engine: any PatternEngine) -> [Range<Int>] {
        let owners = Set(rowValues.filter { $0.value == value }.map(\.title))
        guard !owners.isEmpty else { return [] }
        // Where each title stands in the page's content, in page order.
        var titles = [(title: String, at: Int)]()
        for title in Set(rowValues.map(\.title)) {
            guard let finder = ValueFinder(value: title, type: .text, engine: engine) else { continue }
            titles += places(of: finder).shown.filter { $0.visibility.rank == 0 }.map { (title, $0.range.lowerBound) }
        }
        titles.sort { $0.at < $1.at }
        return shown.filter { place in
            guard let before = titles.last(where: { $0.at < place.range.lowerBound }), owners.contains(before.title) else { return false }
            // The last row ends where its box would: a short way past its title.
            return titles.contains { $0.at > place.range.upperBound } || place.range.lowerBound - before.at < 2_000
        }.map(\.range)
    }
}

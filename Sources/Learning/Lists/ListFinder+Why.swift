import Extraction

/// Why a list was not found, with what to try.
extension PatternSuggester {
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
}

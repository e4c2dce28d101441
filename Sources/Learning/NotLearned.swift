/// Why a value was not learned, as a person would need to hear it: the cause the
/// learner found on the page, never a guess that the value was typed wrong when it was
/// not, and never a claim that the page shows what was typed when it does not.
public enum NotLearned: Error, Sendable, Equatable {
    /// The value is written nowhere on the page. `nearest`: the value the page shows
    /// that comes closest (and, when it has one, its label), to check against.
    case notOnPage(page: String, nearest: String?)
    /// The value is written on the page only where no one reads it: a script, a style
    /// sheet, a comment, a client-side template.
    case onlyHidden(page: String, places: [String])
    /// The value's label is written, whole, in more than one box of the page, and no
    /// box could be told apart (no id, no class that names it, no heading).
    case labelRepeats(label: String, boxes: Int, page: String)
    /// The value given for another page is written nowhere on that page.
    case notOnOtherPage(page: String, value: String, nearest: String?)
    /// Every pattern that reads the value here reads something else on another page,
    /// where the value given is there.
    case otherPageDisagrees(page: String, value: String, read: String?)
    /// The value stands on the page, but no pattern reads exactly it there.
    case noPatternReadsIt(page: String, place: String)
    /// Every pattern that reads it reads another field of the pack there (the same
    /// value given for two fields).
    case readAsAnotherField(page: String)
    /// The list: `why` says what the page's tree shows of it.
    case noList(page: String, why: String)

    /// One sentence, after "FIELD = VALUE: not learned; ".
    public var message: String {
        switch self {
        case .notOnPage(let page, let nearest):
            return "it is not on \(page)" + (nearest.map { "; the nearest value the page shows is \($0): check what you typed against the page" } ?? "")
        case .onlyHidden(let page, let places):
            return "on \(page) it is written only inside \(Self.listed(places)), which no one reads as the page's content"
        case .labelRepeats(let label, let boxes, let page):
            return "its label '\(label)' stands in \(boxes) boxes of \(page) and none of them could be told apart (no id, no class that names it, no heading): add a `within` by hand (docs/patterns.md)"
        case .notOnOtherPage(let page, let value, let nearest):
            return "the value given for \(page), \(value), is not on that page" + (nearest.map { "; the nearest it shows is \($0)" } ?? "")
        case .otherPageDisagrees(let page, let value, let read):
            return "every pattern that reads it here reads \(read.map { "\"\($0)\"" } ?? "nothing") on \(page), where \(value) was given"
        case .noPatternReadsIt(let page, let place):
            return "it stands on \(page) (\(place)), but no pattern reads exactly that value there"
        case .readAsAnotherField(let page):
            return "on \(page) every pattern that reads it reads another field's value at that field's place: give each field a value of its own place"
        case .noList(let page, let why):
            return "on \(page) \(why)"
        }
    }

    static func listed(_ places: [String]) -> String {
        var unique = [String]()
        for place in places where !unique.contains(place) { unique.append(place) }
        if unique.count <= 1 { return unique.first ?? "nothing" }
        return unique.dropLast().joined(separator: ", ") + " and " + (unique.last ?? "")
    }
}

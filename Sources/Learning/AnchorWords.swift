/// Which words in a page's markup hold across its pages. A class that names a part
/// (`p-name`, `pinned-item-list-item`, `reputation`) does; a layout class (`mb-2`,
/// `d-flex`, `text-bold`, `wmx2`) says only how the part looks and moves with every
/// redesign; an id made by a script (`x9fQ2k`, a hash, a long number) changes on
/// every page load. The suggester anchors on the first kind before the others.
enum AnchorWords {
    /// A class word of a CSS framework's layout and type helpers: Bootstrap, Primer
    /// (GitHub), Stacks (Stack Overflow), Tailwind. Any class with a digit counts too
    /// (`f4`, `col-12`, `gs4`, `fc-black-350`): a size or a step, not a name.
    static func isLayout(_ name: String) -> Bool {
        if name.contains(where: { $0.isASCII && $0.isNumber }) { return true }
        let lower = name.lowercased()
        let head = lower.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: true).first.map(String.init) ?? lower
        return layoutWords.contains(head) || layoutWords.contains(lower)
    }

    private static let layoutWords: Set<String> = [
        "d", "flex", "grid", "text", "color", "bg", "border", "rounded", "width", "height", "position", "float", "overflow",
        "fc", "fs", "fw", "ff", "ws", "ai", "jc", "ac", "as", "ta", "lh", "ba", "bb", "bt", "bl", "br", "bc", "bar", "ps",
        "wb", "truncate", "hide", "show", "hidden", "visible", "clearfix", "container", "row", "col", "gsx", "gsy", "no",
        "css", "v", "link", "box", "tooltipped", "sr", "mx", "my", "ml", "mr", "mt", "mb", "px", "py", "pl", "pr", "pt",
        "pb", "gap", "gs", "min", "max", "inline", "block", "relative", "absolute", "fixed",
        "sticky", "italic", "underline", "uppercase", "lowercase", "capitalize", "font", "leading", "tracking", "shadow",
        "opacity", "cursor", "select", "align", "justify", "items", "self", "order", "wrap", "nowrap", "center", "left",
        "right", "top", "bottom", "small", "large", "muted", "bold", "light", "dark", "primary", "secondary", "js",
    ]

    /// An id or class a script made: a hash (hex with digits and letters, 6 or more),
    /// letters and digits interleaved (`x9f3k2`), a run of 5 or more digits, or a
    /// word of five or more letters without a vowel (`gjhtlb`). Single letters are
    /// left out of the layout words: microformats name parts `p-name`, `h-card`.
    static func looksGenerated(_ token: String) -> Bool {
        for segment in token.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }) {
            let hasDigit = segment.contains { $0.isASCII && $0.isNumber }
            let hasLetter = segment.contains { $0.isASCII && $0.isLetter }
            if segment.count >= 6, hasDigit, hasLetter, segment.allSatisfy(\.isHexDigit) { return true }
            var switches = 0, digitRun = 0, longestRun = 0
            var previous: Bool?
            for character in segment {
                let isDigit = character.isASCII && character.isNumber
                if let previous, previous != isDigit { switches += 1 }
                previous = isDigit
                digitRun = isDigit ? digitRun + 1 : 0
                longestRun = max(longestRun, digitRun)
            }
            if switches >= 3 || longestRun >= 5 { return true }
            for word in words(of: segment) where word.count >= 5 && !word.contains(where: { "aeiouyAEIOUY".contains($0) }) {
                return true
            }
        }
        return false
    }

    /// The letter runs of a segment, cut at camelCase humps: "TotalRep" is "Total", "Rep".
    private static func words(of segment: Substring) -> [Substring] {
        var words = [Substring]()
        var start: Substring.Index?
        var previousLower = false
        for index in segment.indices {
            let character = segment[index]
            guard character.isLetter else {
                if let begun = start { words.append(segment[begun..<index]) }
                start = nil
                previousLower = false
                continue
            }
            if start == nil {
                start = index
            } else if character.isUppercase, previousLower, let begun = start {
                words.append(segment[begun..<index])
                start = index
            }
            previousLower = character.isLowercase
        }
        if let begun = start { words.append(segment[begun...]) }
        return words
    }
}

import Foundation

/// What stands right before a value on a page: the tags between it and the nearest
/// text (nearest first), and that text, the value's label ("Views:"). Patterns are
/// built from this stable context, not from the value.
struct PageContext {
    struct Tag {
        /// Lower-cased element name.
        let name: String
        let isEnd: Bool
        let id: String?
        let classes: [String]

        /// Neither id nor class: a list's bare `<li>`, a link's `<a href>`.
        var isBare: Bool { (id ?? "").isEmpty && classes.isEmpty }
    }

    /// Start and end tags between the label (or up to a handful) and the value, nearest first.
    var tags: [Tag] = []
    /// The text right before those tags, trimmed, when it is short enough to be a label.
    var label: String?
    /// A label split across inline tags (`<b>Reputation</b>:`): its words before the
    /// tags, then the text after them ("Reputation", ":"); nil when it is one text.
    var splitLabel: (words: String, tail: String)?

    /// Reads back from `offset` in `page` (UTF-8).
    init(page: [UInt8], before offset: Int) {
        let start = max(0, offset - 2_000)
        var text = String(decoding: page[start..<offset], as: UTF8.self)[...]
        while tags.count < 6 {
            text = text.trimmingSuffix { $0.isWhitespace }
            while text.hasSuffix("&nbsp;") || text.hasSuffix("&#160;") {
                text = text.dropLast(6).trimmingSuffix { $0.isWhitespace }
            }
            guard text.last == ">", let open = text.lastIndex(of: "<") else { break }
            if let tag = PageContext.tag(text[open...]) { tags.append(tag) }
            text = text[..<open]
        }
        let run = text.split(separator: ">", omittingEmptySubsequences: false).last ?? ""
        let trimmed = run.trimmingCharacters(in: .whitespacesAndNewlines)
        // Text in the page's head (its <title>), a script or a style labels nothing in its body.
        let crossed = tags.contains { $0.isEnd && PageContext.notLabels.contains($0.name) }
        if !crossed, !trimmed.isEmpty, !trimmed.contains("<") {
            // The last few words: "Average article rating:", "Views:".
            let words = trimmed.split(whereSeparator: \.isWhitespace).suffix(3)
            label = words.joined(separator: " ")
            if !trimmed.contains(where: \.isLetter), trimmed.count <= 3 {
                splitLabel = PageContext.wordsBefore(text.dropLast(run.count)).map { ($0, trimmed) }
            }
        }
    }

    /// The last words of the text before up to three inline tags at the end of `text`:
    /// "Reputation" in `<b>Reputation</b>` (the label of a value after `</b>:`).
    private static func wordsBefore(_ text: Substring) -> String? {
        var text = text
        for _ in 0..<3 {
            text = text.trimmingSuffix { $0.isWhitespace }
            guard text.last == ">", let open = text.lastIndex(of: "<"), let tag = tag(text[open...]),
                  inline.contains(tag.name) else { break }
            text = text[..<open]
        }
        let run = text.split(separator: ">", omittingEmptySubsequences: false).last ?? ""
        let words = run.split(whereSeparator: \.isWhitespace).suffix(2)
        guard let last = words.last, last.contains(where: \.isLetter), !run.contains("<") else { return nil }
        return words.joined(separator: " ")
    }

    /// Elements that sit inside a line of text rather than start a block.
    static let inline: Set<String> = ["b", "strong", "i", "em", "span", "a", "small", "abbr", "label", "dt", "th", "td", "font"]

    /// Elements whose text is not a label of what follows them.
    static let notLabels: Set<String> = ["title", "head", "script", "style"]

    /// `<td class="a b" id="x">` → name, id, classes; nil for comments and the like.
    static func tag(_ text: Substring) -> Tag? {
        var body = text.dropFirst().dropLast()
        let isEnd = body.first == "/"
        if isEnd { body = body.dropFirst() }
        let name = body.prefix { $0.isLetter || $0.isNumber }.lowercased()
        guard !name.isEmpty else { return nil }
        return Tag(name: name, isEnd: isEnd, id: attribute("id", in: body),
                   classes: attribute("class", in: body)?.split(whereSeparator: \.isWhitespace).map(String.init) ?? [])
    }

    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let range = rest.range(of: name, options: .caseInsensitive) {
            let before = rest[..<range.lowerBound].last
            var after = rest[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            rest = rest[range.upperBound...]
            guard before.map({ $0.isWhitespace }) ?? false, after.first == "=" else { continue }
            after = after.dropFirst().drop { $0.isWhitespace }
            guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
            return String(after.dropFirst().prefix { $0 != quote })
        }
        return nil
    }
}

private extension Substring {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var copy = self
        while let last = copy.last, predicate(last) { copy = copy.dropLast() }
        return copy
    }
}

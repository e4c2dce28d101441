import Foundation
import Packs
import PageText

/// The value a page shows that comes nearest one typed and not found: a number nearest
/// in size, a text nearest in spelling, with its label where it has one ("1,204 (by
/// 'Posts')"). Said so that a person checks what they typed against the page; never
/// said to be what they typed.
struct NearestValue {
    let sample: SamplePage

    func nearest(to example: PatternSuggester.Example) -> String? {
        example.type.isNumber ? nearestNumber(to: example.value) : nearestText(to: example.value)
    }

    /// Content texts of the page, with their nodes: what a person reads on it.
    private var texts: [(node: Int, text: String)] {
        let tree = sample.tree
        return tree.nodes.indices.compactMap { node in
            guard tree.nodes[node].kind == .text, case .content = tree.visibility(of: node) else { return nil }
            let text = tree.nodes[node].text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return text.isEmpty ? nil : (node, text)
        }
    }

    private func nearestNumber(to typed: String) -> String? {
        guard let wanted = Self.number(typed) else { return nil }
        var best: (distance: Double, shown: String, node: Int)?
        let numbers = try? NSRegularExpression(pattern: "(?<![\\d.,])\\d[\\d,]*(?:\\.\\d+)?")
        for (node, text) in texts {
            let range = NSRange(text.startIndex..., in: text)
            for match in numbers?.matches(in: text, range: range) ?? [] {
                guard let found = Range(match.range, in: text), let value = Self.number(String(text[found])) else { continue }
                let distance = abs(value - wanted) / max(abs(wanted), 1)
                if distance > 0, distance <= 0.5, distance < (best?.distance ?? .infinity) { best = (distance, String(text[found]), node) }
            }
        }
        guard let best else { return nil }
        return best.shown + label(of: best.node).map { " (by '\($0)')" }.orEmpty
    }

    private func nearestText(to typed: String) -> String? {
        let wanted = typed.lowercased()
        var best: (distance: Int, shown: String)?
        for (_, text) in texts where text.count <= wanted.count * 2 + 4 && text.count * 2 + 4 >= wanted.count {
            let distance = EditDistance.between(text.lowercased(), wanted)
            if distance > 0, EditDistance.isNear(distance, length: wanted.count), distance < (best?.distance ?? .max) { best = (distance, text) }
        }
        return best.map { "\"\($0.shown)\"" }
    }

    /// The label of the text at `node`: the whole text of the element before its own.
    private func label(of node: Int) -> String? {
        let tree = sample.tree
        guard let parent = tree.nodes[node].parent, let before = tree.elementsBefore(parent).first ?? tree.elementsBefore(node).first else { return nil }
        let words = tree.text(of: before)
        return words.contains(where: \.isLetter) && words.count <= 40 ? words : nil
    }

    static func number(_ text: String) -> Double? {
        let cleaned = text.filter { $0 != "," && !$0.isWhitespace }
        guard let value = Double(cleaned), value.isFinite else { return nil }
        return value
    }
}

private extension Optional where Wrapped == String {
    var orEmpty: String { self ?? "" }
}

import Foundation
import Matching

/// Captures narrower than their type's written forms: an `int` captured by `(\d+)`
/// reads "1,204" as 1, a `rounded` captured by digits alone cannot hold "13.5k", a
/// `decimal` without a point cannot hold "4.66". Each such capture reads a wrong number
/// or none without the page having changed, so `patterns check` names it (with the line
/// to change) and a pack's load warns of it.
public enum CaptureWidths {
    /// One capture that cannot hold a form its type reads.
    public struct Caution: Sendable, Equatable, CustomStringConvertible {
        /// `fields."reputation.total".pattern[2]`, `collections.articles.fields.views.pattern`.
        public let location: String
        /// The pack file's line that holds the pattern, when it can be found.
        public let line: Int?
        public let message: String

        public var description: String { "\(line.map { "line \($0): " } ?? "")\(location): \(message)" }
    }

    /// The forms a capture of `field`'s type must hold (a minus sign too, for a number
    /// whose bounds allow one); none for text types, or where a `map` turns the captured
    /// text into the value.
    static func forms(_ field: FieldRule) -> [WrittenForm] {
        guard field.map == nil else { return [] }
        let forms = field.type.kind.writtenForms
        guard field.type.isNumber, !forms.isEmpty, field.bounds.minimum.map({ $0 < 0 }) ?? true else { return forms }
        return forms + [WrittenForm(sample: "-12", needs: "a minus sign")]
    }

    /// Every too-narrow capture in `pack`, in pack order; `text` is the pack file's
    /// TOML, for line numbers.
    public static func cautions(_ pack: SitePack, text: String?, engine: any PatternEngine = PCRE2Engine()) -> [Caution] {
        let lines = text.map { $0.components(separatedBy: "\n") } ?? []
        var found = [Caution]()
        func check(_ field: FieldRule, at place: String) {
            let forms = forms(field)
            guard !forms.isEmpty else { return }
            for (index, alternative) in field.alternatives.enumerated() {
                let location = place + (field.alternatives.count > 1 ? ".pattern[\(index + 1)]" : ".pattern")
                guard alternative.group > 0, let capture = CaptureGroupText.text(of: alternative.group, in: alternative.patternText) else { continue }
                let missed = forms.filter { !holds(capture, $0.sample, engine: engine) }
                guard !missed.isEmpty else { continue }
                let samples = missed.map { "\"\($0.sample)\" (\($0.needs))" }.joined(separator: ", ")
                let article = field.type.rawValue.first.map { "aeiou".contains($0) } == true ? "an" : "a"
                let orBound = missed.contains { $0.sample.hasPrefix("-") } ? ", or say min = 0 if its values are never negative" : ""
                found.append(Caution(location: location, line: line(of: alternative.patternText, in: lines),
                                     message: "its capture (\(capture)) cannot hold \(samples), which \(article) \(field.type.rawValue) reads: a page that writes the value so is read wrong or not at all; widen the capture\(orBound)"))
            }
        }
        for field in pack.fields { check(field, at: "fields.\"\(field.name)\"") }
        for collection in pack.collections {
            for field in collection.fields { check(field, at: "collections.\(collection.name).fields.\(field.name)") }
        }
        return found
    }

    /// Whether the whole of `sample` is one match of the capture's pattern.
    static func holds(_ capture: String, _ sample: String, engine: any PatternEngine) -> Bool {
        // A capture that does not compile alone (a back reference to a group outside
        // it) cannot be judged: it is not named.
        guard let whole = try? engine.compile("\\A(?:\(capture))\\z", options: PatternOptions(caseInsensitive: true)) else { return true }
        let bytes = Array(sample.utf8)
        return bytes.withUnsafeBufferPointer { (try? whole.firstMatch(in: $0, from: 0)) != nil }
    }

    /// The 1-based line of the pack file that holds `pattern` (as a literal string).
    static func line(of pattern: String, in lines: [String]) -> Int? {
        lines.firstIndex { $0.contains(pattern) }.map { $0 + 1 }
    }
}

/// The text of one capture group in a PCRE2 pattern: what it captures, to be tried alone.
enum CaptureGroupText {
    /// Nil when the pattern has no such group, or is written in a way this reading does
    /// not follow (then nothing is said about it).
    static func text(of group: Int, in pattern: String) -> String? {
        let chars = Array(pattern.unicodeScalars)
        var open = [(number: Int?, start: Int)]()
        var count = 0
        var index = 0
        while index < chars.count {
            switch chars[index] {
            case "\\":
                if index + 1 < chars.count, chars[index + 1] == "Q" {
                    // \Q...\E: literal text.
                    index += 2
                    while index + 1 < chars.count, !(chars[index] == "\\" && chars[index + 1] == "E") { index += 1 }
                }
                index += 2
                continue
            case "[":
                index = endOfClass(chars, from: index)
            case "(":
                let (capturing, bodyStart) = opener(chars, at: index)
                if capturing { count += 1 }
                if bodyStart == nil { return nil }
                open.append((capturing ? count : nil, bodyStart ?? index + 1))
                index = bodyStart ?? index + 1
                continue
            case ")":
                guard let last = open.popLast() else { return nil }
                if last.number == group { return String(String.UnicodeScalarView(chars[last.start..<index])) }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Where a character class that opens at `start` ends (the index of its `]`).
    static func endOfClass(_ chars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        if index < chars.count, chars[index] == "^" { index += 1 }
        if index < chars.count, chars[index] == "]" { index += 1 }  // a leading ] is literal
        while index < chars.count, chars[index] != "]" {
            if chars[index] == "\\" {
                index += 1
            } else if chars[index] == "[", index + 1 < chars.count, chars[index + 1] == ":" {
                // [:alpha:]
                while index + 1 < chars.count, !(chars[index] == ":" && chars[index + 1] == "]") { index += 1 }
                index += 1
            }
            index += 1
        }
        return index
    }

    /// Whether the group opening at `index` captures, and where its body starts (nil
    /// for a form this reading does not follow, such as a comment or a verb).
    static func opener(_ chars: [Unicode.Scalar], at index: Int) -> (capturing: Bool, bodyStart: Int?) {
        guard index + 1 < chars.count, chars[index + 1] == "?" || chars[index + 1] == "*" else { return (true, index + 1) }
        guard chars[index + 1] == "?", index + 2 < chars.count else { return (false, nil) }
        let next = chars[index + 2]
        switch next {
        case ":", "=", "!", ">", "|":
            return (false, index + 3)
        case "<":
            guard index + 3 < chars.count else { return (false, nil) }
            if chars[index + 3] == "=" || chars[index + 3] == "!" { return (false, index + 4) }
            return named(chars, from: index + 3, closing: ">")
        case "P":
            guard index + 3 < chars.count, chars[index + 3] == "<" else { return (false, nil) }
            return named(chars, from: index + 4, closing: ">")
        case "'":
            return named(chars, from: index + 3, closing: "'")
        default:
            // Option settings: (?i) applies to what follows, (?i:...) is a group.
            var end = index + 2
            while end < chars.count, chars[end] != ")" && chars[end] != ":" {
                guard CharacterSet.letters.contains(chars[end]) || chars[end] == "-" || chars[end] == "^" else { return (false, nil) }
                end += 1
            }
            guard end < chars.count else { return (false, nil) }
            return chars[end] == ":" ? (false, end + 1) : (false, end)
        }
    }

    private static func named(_ chars: [Unicode.Scalar], from start: Int, closing: Unicode.Scalar) -> (capturing: Bool, bodyStart: Int?) {
        var end = start
        while end < chars.count, chars[end] != closing { end += 1 }
        return end < chars.count ? (true, end + 1) : (false, nil)
    }
}

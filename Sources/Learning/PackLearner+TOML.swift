import Foundation
import Packs
import PageText

/// The learned pack written out: its site and source, a field per value with a comment
/// saying what it reads on each page and what it is anchored on, the list with its
/// section, row start and fields, a count of its rows and a sum of each number in it.
extension PackLearner {
    func header(main: PageValues, also: [PageValues]) -> String {
        let checked = also.isEmpty ? "" : "\n# Checked on \(Self.comment(also.map(\.page.origin).joined(separator: ", ")))."
        let title = Self.comment(site.name.prefix(1).uppercased() + site.name.dropFirst())
        let path = site.url.hasPrefix(baseURL) ? String(site.url.dropFirst(baseURL.count)) : site.url
        let complete = main.page.utf8.count > 7 && String(decoding: main.page.utf8.suffix(200), as: UTF8.self).lowercased().contains("</html>")
        return """
            # Site pack for \(title), learned by `cpvanity patterns learn` from the values read on
            # \(Self.comment(main.page.origin)).\(checked)
            # Before relying on it: add `absent` where a member's page says it has none of
            # a part (its own words for none), and check the ID rule. See docs/patterns.md.

            [site]
            name = "\(Self.tomlText(site.name))"
            title = "\(Self.tomlText(title))"
            base_url = "\(Self.tomlText(baseURL))"
            id = '\(Self.idRule(for: site.id))'

            [sources.\(PatternSuggester.tomlKey(site.source))]
            url = '{base}\(path.replacingOccurrences(of: "'", with: "%27"))'
            \(complete ? "complete = '</html>'\n" : "")
            """
    }

    /// A field, with what it reads on each page: `learnedOn` the page it was learned from,
    /// `others` the rest, in the order of the candidate's values.
    func fieldTOML(_ candidate: PatternSuggester.Candidate, present: String?, example: PatternSuggester.Example, learnedOn: String, others: [String]) -> String {
        var text = "\n# \(example.field) = \(Self.comment(example.value)) on \(Self.comment(others.isEmpty ? "the page" : learnedOn))"
        for (other, value) in zip(others, candidate.alsoValues) {
            text += "; \(Self.comment(value.map(\.description) ?? (present == nil ? "nothing" : "none (absent)"))) on \(Self.comment(other))"
        }
        text += "\n# from \(Self.comment(candidate.anchor))\n"
        if example.type.isDated, DateText.parse(example.value.trimmingCharacters(in: .whitespaces)) == nil {
            // Checked here against the time it was learned; a saved page read later has no such time.
            text += "# \"\(Self.comment(example.value))\" counts back from when the page was served: a lookup knows that time; for saved\n"
                + "# pages give [sources.\(site.source)] a time pattern (docs/patterns.md), or the day is unknown\n"
        }
        text += """
            [fields.\(PatternSuggester.tomlKey(example.field))]
            source = "\(site.source)"
            type = "\(candidate.type.rawValue)"
            label = "\(Self.tomlText(Self.label(example.field)))"

            """
        if let present { text += "present = '\(present)'\n" }
        return text + candidate.patternTOML
    }

    func collectionTOML(_ list: ListLearner.Learned, pages: [(SamplePage, PageValues)], notes: inout [String]) -> String {
        let list = withEmptySign(list, pages: pages, notes: &notes)
        var text = "\n# \(site.collection): \(list.items) rows on the page learned from\n" + list.toml(collection: site.collection, source: site.source)
        for field in list.fields where list.present[field.field] != nil {
            notes.append("\(site.collection).\(field.field): some rows show no \(field.field) (nor its sign), so a row without it reads as none: `present` is its sign")
        }
        text += """

            [stats.\(PatternSuggester.tomlKey(site.collection + "_listed"))]
            op = "count"
            of = "\(site.collection)"
            label = "\(Self.tomlText(Self.label(site.collection))) listed"

            """
        for field in list.fields where field.type.isNumber {
            text += """

                [stats.\(PatternSuggester.tomlKey("total_" + field.field))]
                op = "sum"
                of = "\(site.collection).\(field.field)"
                label = "\(Self.tomlText(Self.label(field.field))) in all"

                """
        }
        return text
    }

    // MARK: Words

    /// An ID rule shaped like the example's ID: digits, or a name's letters and signs.
    static func idRule(for id: String?) -> String {
        guard let id, !id.isEmpty else { return "[A-Za-z0-9_.-]{1,64}" }
        if id.allSatisfy({ $0.isASCII && $0.isNumber }) { return "\\d{1,12}" }
        return "[A-Za-z0-9_.-]{1,64}"
    }

    /// `reputation.total` → "Reputation total"; `last_seen` → "Last seen".
    static func label(_ field: String) -> String {
        let words = field.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: ".", with: " ")
        // A name of `_` alone makes no words, and a pack refuses a blank label.
        guard !words.allSatisfy(\.isWhitespace) else { return field }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// Text for a TOML comment: one line.
    static func comment(_ text: String) -> String {
        // TOML allows no control character but a tab in a comment.
        String(String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }).prefix(120))
    }

    /// Text inside a basic TOML string.
    static func tomlText(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += String(format: "\\u%04X", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

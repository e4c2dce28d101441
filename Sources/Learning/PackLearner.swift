import Extraction
import Foundation
import Matching
import Packs
import PageText

/// A whole pack learned from one saved page and the values a person reads there: the
/// site and its source, each field typed from how its value is written, a list by the
/// titles of two or three rows (and the values of the first), a count and sums over
/// that list. Every pattern is checked with the pack's own extractor on the page it
/// was learned from and on every other page given, against the values known there.
public struct PackLearner {
    /// A page and what a person reads on it. On the page learned from, every value
    /// is learned; on another, the values known are what the learned pack must read.
    public struct PageValues: Sendable {
        public let page: Page
        public var values: [PatternSuggester.Example]
        /// Titles of rows of the list, in page order.
        public var rowTitles: [String]

        public init(page: Page, values: [PatternSuggester.Example] = [], rowTitles: [String] = []) {
            self.page = page
            self.values = values
            self.rowTitles = rowTitles
        }
    }

    /// Where the site's member pages are, and what to call things.
    public struct Site: Sendable {
        /// The pack's name (`[site].name`).
        public let name: String
        /// The page's address with the member's ID as `{id}`: `https://github.com/{id}`.
        public let url: String
        /// The ID of the member whose page is learned from, which shapes the ID rule.
        public let id: String?
        public var source = "profile"
        public var collection = "rows"

        public init(name: String, url: String, id: String?) {
            self.name = name
            self.url = url
            self.id = id
        }
    }

    /// One value checked on one page: what the person read, and what the pack read.
    public struct Check: Sendable {
        public let page: String
        public let field: String
        public let expected: String
        /// What the learned pack read, as text; nil for nothing.
        public let read: String?
        public let right: Bool
    }

    public struct Outcome: Sendable {
        /// The pack, as TOML, ready for `patterns check`.
        public let toml: String
        /// Every value known on every page, checked with the learned pack.
        public let checks: [Check]
        /// What could not be learned (left out of the pack), a sentence each.
        public let unlearned: [String]
    }

    let site: Site
    let engine: any PatternEngine

    public init(site: Site, engine: any PatternEngine = PCRE2Engine()) {
        self.site = site
        self.engine = engine
    }

    /// The scheme and host of the site's URL: `https://github.com`.
    var baseURL: String {
        guard let scheme = site.url.range(of: "://") else { return site.url }
        let host = site.url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(site.url[..<scheme.upperBound]) + host
    }

    /// Learns from `main` (its values, its row titles and `rowValues`, values read on
    /// the first titled row), checked on `also`.
    public func learn(from main: PageValues, rowValues: [PatternSuggester.Example] = [], also: [PageValues] = []) -> Outcome {
        let suggester = PatternSuggester(source: site.source, baseURL: baseURL, engine: engine)
        var body = ""
        var unlearned = [String]()
        for example in main.values {
            let known = also.map { other in other.values.first { $0.field == example.field } }
            guard let best = suggester.suggest(example, page: main.page, also: also.map(\.page), alsoExamples: known).first else {
                unlearned.append("\(example.field) = \(example.value): not learned; no pattern reads exactly that value on \(main.page.origin) (check it as the page shows it)")
                continue
            }
            body += fieldTOML(best, example: example, also: also)
        }
        if main.rowTitles.count >= 2 {
            if let rows = suggester.suggestRows(titles: main.rowTitles, fields: rowValues, page: main.page, also: also.map(\.page)) {
                body += collectionTOML(rows, pages: [main] + also)
                unlearned += rows.unmatched.map {
                    "\(site.collection).\($0.field) = \($0.value): not learned; no pattern reads exactly it on the row titled '\(main.rowTitles[0])'"
                }
            } else {
                unlearned.append("\(site.collection): not learned: " + suggester.whyNoRows(main.rowTitles, page: main.page))
            }
        }
        let toml = header(main: main, also: also) + body
        do {
            let pack = try PackLoader(engine: engine).load(toml: toml, file: "learned")
            return Outcome(toml: toml, checks: check(pack, pages: [main] + also), unlearned: unlearned)
        } catch {
            // Never a pack said to read right that does not load.
            return Outcome(toml: toml, checks: [], unlearned: unlearned + ["the learned pack does not load (\(error)); nothing was checked"])
        }
    }

    // MARK: Writing the pack

    private func header(main: PageValues, also: [PageValues]) -> String {
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

    private func fieldTOML(_ candidate: PatternSuggester.Candidate, example: PatternSuggester.Example, also: [PageValues]) -> String {
        var text = "\n# \(example.field) = \(Self.comment(example.value)) on \(Self.comment(also.isEmpty ? "the page" : "the page learned from"))"
        for (other, value) in zip(also, candidate.alsoValues) {
            text += "; \(Self.comment(value.map(\.description) ?? "nothing")) on \(Self.comment(other.page.origin))"
        }
        text += "\n# from \(Self.comment(candidate.anchor))\n"
        if example.type == .date, DateText.parse(example.value.trimmingCharacters(in: .whitespaces)) == nil {
            // Checked here against the time it was learned; a saved page read later has no such time.
            text += "# \"\(Self.comment(example.value))\" counts back from when the page was served: a lookup knows that time; for saved\n"
                + "# pages give [sources.\(site.source)] a time pattern (docs/patterns.md), or the day is unknown\n"
        }
        text += """
            [fields.\(PatternSuggester.tomlKey(example.field))]
            source = "\(site.source)"
            type = "\(example.type.rawValue)"
            label = "\(Self.tomlText(Self.label(example.field)))"
            pattern = '\(candidate.pattern)'

            """
        return text
    }

    private func collectionTOML(_ rows: PatternSuggester.RowSuggestion, pages: [PageValues]) -> String {
        var text = "\n# \(site.collection): \(rows.rowCount) rows on the page learned from"
        text += zip(pages.dropFirst(), rows.alsoRowCounts).map { "; \($1) on \(Self.comment($0.page.origin))" }.joined()
        text += "\n" + rows.toml(collection: site.collection, source: site.source)
        text += """

            [stats.\(PatternSuggester.tomlKey(site.collection + "_listed"))]
            op = "count"
            of = "\(site.collection)"
            label = "\(Self.tomlText(Self.label(site.collection))) listed"

            """
        for field in rows.fields where [.int, .rounded, .decimal].contains(field.type) {
            text += """

                [stats.\(PatternSuggester.tomlKey("total_" + field.field))]
                op = "sum"
                of = "\(site.collection).\(field.field)"
                label = "\(Self.tomlText(Self.label(field.field))) in all"

                """
        }
        return text
    }

    // MARK: Checking

    /// Every known value on every page, read with the learned pack as a user's run would.
    private func check(_ pack: SitePack, pages: [PageValues]) -> [Check] {
        var checks = [Check]()
        let suggester = PatternSuggester(source: site.source, baseURL: baseURL, engine: engine)
        for entry in pages {
            let page = Page(source: site.source, utf8: entry.page.utf8, origin: entry.page.origin, servedAt: entry.page.servedAt)
            let record = Extractor(pack: pack, baseURL: baseURL).extract([page])
            for example in entry.values {
                let value = record.fields[example.field] ?? .null
                let right = value != .null && suggester.same(value, example, on: entry.page)
                checks.append(Check(page: entry.page.origin, field: example.field, expected: example.value,
                                    read: value == .null ? nil : value.description, right: right))
            }
            let titles = (record.collections[site.collection] ?? []).map { $0["title"] ?? .null }
            for title in entry.rowTitles {
                let example = PatternSuggester.Example(field: "title", value: title, type: .text)
                let right = titles.contains { suggester.same($0, example, on: entry.page) }
                checks.append(Check(page: entry.page.origin, field: "\(site.collection)[].title", expected: title,
                                    read: right ? title : nil, right: right))
            }
        }
        return checks
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

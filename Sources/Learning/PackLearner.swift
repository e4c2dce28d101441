import Extraction
import Foundation
import Matching
import Packs

/// A whole pack learned from one saved page and the values a person reads there: the
/// site and its source, each field typed from how its value is written and read where
/// the page's tree shows it stands, a list by the titles of two or three rows (and
/// values of titled rows), a count and sums over that list. Every pattern is checked
/// with the pack's own extractor on the page it was learned from and on every other
/// page given, against the values known there.
public struct PackLearner {
    /// A value read on a titled row of the list: its row's title (nil: the first given).
    public struct RowValue: Sendable {
        public let title: String?
        public let example: PatternSuggester.Example

        public init(title: String?, example: PatternSuggester.Example) {
            self.title = title
            self.example = example
        }
    }

    /// A page and what a person reads on it. On the page learned from, every value
    /// is learned; on another, the values known are what the learned pack must read.
    public struct PageValues: Sendable {
        public let page: Page
        public var values: [PatternSuggester.Example]
        /// Titles of rows of the list, in page order.
        public var rowTitles: [String]
        /// Values read on titled rows.
        public var rowValues: [RowValue]
        /// How many items the list shows, when counted.
        public var listCount: Int?
        /// The ID of the member whose page it is, where known: text the page shows that
        /// changes with the member, so no anchor (a handle in the page's `<h1>`).
        public var memberID: String?

        public init(page: Page, values: [PatternSuggester.Example] = [], rowTitles: [String] = [], rowValues: [RowValue] = [], listCount: Int? = nil) {
            self.page = page
            self.values = values
            self.rowTitles = rowTitles
            self.rowValues = rowValues
            self.listCount = listCount
        }

        /// Each row value with its row's title (the first title where it names none).
        var titledRowValues: [ListLearner.RowExample] {
            rowValues.compactMap { value in (value.title ?? rowTitles.first).map { ($0, value.example) } }
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
        /// What could not be learned (left out of the pack), a sentence each with its cause.
        public let unlearned: [String]
        /// What was learned beyond the values themselves: signs of absence, lists whose
        /// rows and items disagree on a page.
        public let notes: [String]
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

    var suggester: PatternSuggester { PatternSuggester(source: site.source, baseURL: baseURL, engine: engine) }

    /// Whether `example`'s value is written on the page; when not, a note says so, with
    /// the value the page shows nearest it.
    private func shows(_ example: PatternSuggester.Example, on sample: SamplePage, notes: inout [String]) -> Bool {
        guard let finder = ValueFinder(value: example.value, type: example.type, engine: engine) else { return false }
        if !finder.occurrences(in: sample.utf8, everywhere: true, limit: 1).isEmpty { return true }
        let nearest = NearestValue(sample: sample).nearest(to: example).map { "; the nearest value it shows is \($0)" } ?? ""
        notes.append("\(sample.origin): \(example.field) = \(example.value) is not on that page\(nearest): check what you typed against the page")
        return false
    }

    /// A number written exactly on one page and rounded on another ("402", "1.1k"; "4",
    /// "4.5") is one field of the wider type on every page (rounded, then decimal, then
    /// int): the type of the page learned from alone would not read the other's. A
    /// count written exactly on every page given ("905") is learned rounded too, which
    /// reads it exactly as an int would: a bigger member's page may write it "6.2k",
    /// and sites that round counts do it past a size no page given may reach. A year
    /// ("2016") stays an int: no page rounds one. A type the person said stays as said.
    static func widened(_ main: PageValues, _ also: [PageValues]) -> (PageValues, [PageValues]) {
        let order: [FieldType] = [.int, .decimal, .rounded]
        let examples = ([main] + also).flatMap(\.values)
        var widest = [String: FieldType]()
        for example in examples {
            guard let rank = order.firstIndex(of: example.type) else { continue }
            if let known = widest[example.field], let knownRank = order.firstIndex(of: known), knownRank >= rank { continue }
            widest[example.field] = example.type
        }
        // Written as a number on one page and as words on another ("42", "500+"; "Mar 2019",
        // "never"): the words of every page, as text reads them all.
        var kinds = [String: Set<FieldType>]()
        for example in examples where !example.typeStated { kinds[example.field, default: []].insert(order.contains(example.type) ? .int : example.type) }
        for (field, types) in kinds where types.count > 1 { widest[field] = .text }
        func retyped(_ page: PageValues) -> PageValues {
            var page = page
            page.values = page.values.map { example in
                guard !example.typeStated else { return example }
                var type = widest[example.field] ?? example.type
                if type == .int, !isYear(example.value) { type = .rounded }
                guard type != example.type, order.contains(example.type) || type == .text else { return example }
                return PatternSuggester.Example(field: example.field, value: example.value, type: type)
            }
            return page
        }
        return (retyped(main), also.map(retyped))
    }

    /// Four digits that name a year of this age or the last ("1987", "2016"), not a count.
    private static func isYear(_ value: String) -> Bool {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.utf8.count == 4 && trimmed.allSatisfy(\.isASCIIDigit) && (1900...2100).contains(Int(trimmed) ?? 0)
    }

    /// The fields whose names a pack can hold; a name it cannot (`site`, the record's
    /// own; `my posts`) would leave no pack at all: it is said, and the rest learned.
    private static func named(_ fields: [(example: PatternSuggester.Example, page: Int)], unlearned: inout [String])
        -> [(example: PatternSuggester.Example, page: Int)] {
        fields.filter { field in
            guard let problem = PackName.problem(with: field.example.field, what: "field", dotted: true, reserved: true) else { return true }
            unlearned.append("\(field.example.field) = \(field.example.value): not learned; \(problem)")
            return false
        }
    }

    /// Learns from `main` (its values, its row titles and row values), checked on `also`.
    public func learn(from main: PageValues, also: [PageValues] = []) -> Outcome {
        let (main, also) = Self.widened(main, also)
        let mainSample = SamplePage(main.page, known: main.values + main.rowTitles.map { PatternSuggester.Example(field: "title", value: $0, type: .text) },
                                    rowValues: main.titledRowValues.map { ($0.title, $0.example.value) }, memberID: main.memberID ?? site.id)
        let alsoSamples = also.map { SamplePage($0.page, known: $0.values, memberID: $0.memberID) }
        var body = ""
        var unlearned = [String](), notes = [String]()
        // A value given for another page that is not on it is said against that page, and
        // not held against the patterns (its check still fails).
        let shown = zip(alsoSamples, also).map { sample, other in other.values.filter { shows($0, on: sample, notes: &notes) } }
        let pages = [(mainSample, main)] + Array(zip(alsoSamples, also))
        // Each field from the first page that shows it: the page learned from, else the
        // first other page it was given for (a detail the first page does not show).
        var fields = [(example: PatternSuggester.Example, page: Int)]()
        for (index, values) in ([main.values] + shown).enumerated() {
            for example in values where !fields.contains(where: { $0.example.field == example.field }) { fields.append((example, index)) }
        }
        var taken = Set<[String]>()
        for (example, index) in Self.named(fields, unlearned: &unlearned) {
            let others = pages.indices.filter { $0 != index }
            let known = others.map { other in other == 0 ? main.values.first { $0.field == example.field } : shown[other - 1].first { $0.field == example.field } }
            let search = suggester.search(example, on: pages[index].0, also: others.map { pages[$0].0 }, alsoExamples: known, taken: taken)
            guard let best = search.candidates.first else {
                unlearned.append("\(example.field) = \(example.value): not learned; \(search.notLearned?.message ?? "no pattern reads it")")
                continue
            }
            taken.insert(best.readingKey)
            let presence = self.presence(of: best, example: example, main: pages[index].0, also: others.map { pages[$0] })
            if let note = presence.note { notes.append(note) }
            if index > 0 { notes.append("\(example.field): learned from \(pages[index].0.origin), the page it was given for") }
            if best.inScript {
                notes.append("\(example.field): no words of \(pages[index].0.origin) show it, so it is read from \(best.anchor) (a page a script draws)")
            }
            body += fieldTOML(presence.candidate, present: presence.present, example: example, learnedOn: pages[index].0.origin,
                              others: others.map { pages[$0].0.origin })
        }
        if main.rowTitles.count >= 2 {
            let list = ListLearner(suggester: suggester, main: mainSample, also: also.map { ($0.page, $0.titledRowValues) })
                .learn(titles: main.rowTitles, values: main.titledRowValues)
            switch list {
            case .success(let learned):
                body += collectionTOML(learned, pages: Array(zip([mainSample] + alsoSamples, [main] + also)), notes: &notes)
                unlearned += learned.unlearned.map { "\(site.collection).\($0.example.field) = \($0.example.value): not learned; \($0.why)" }
            case .failure(let why):
                unlearned.append("\(site.collection): not learned; \(why.message)")
            }
        }
        let toml = header(main: main, also: also) + body
        do {
            let pack = try PackLoader(engine: engine).load(toml: toml, file: "learned")
            let checks = check(pack, pages: Array(zip([mainSample] + alsoSamples, [main] + also)), notes: &notes)
            return Outcome(toml: toml, checks: checks, unlearned: unlearned, notes: notes)
        } catch {
            // Never a pack said to read right that does not load.
            return Outcome(toml: toml, checks: [], unlearned: unlearned + ["the learned pack does not load (\(error)); nothing was checked"], notes: notes)
        }
    }
}

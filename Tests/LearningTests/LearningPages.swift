import Extraction
import Foundation
import Learning
import Packs
import Testing

/// What the learning suites share: a page written for a test, served at a fixed time, a
/// value as a person types it, a site's learner, and a learned pack read on another page.
protocol LearnsFromPages {}

extension LearnsFromPages {
    var now: Date { Date(timeIntervalSince1970: 1_780_000_000) }

    func page(_ html: String, _ name: String = "first.html") -> Page {
        Page(source: "profile", utf8: Array(html.utf8), origin: name, servedAt: now)
    }

    func example(_ field: String, _ value: String) -> PatternSuggester.Example {
        PatternSuggester.Example(field: field, value: value)
    }

    func learner(_ name: String = "forum", collection: String = "rows") -> PackLearner {
        var site = PackLearner.Site(name: name, url: "https://\(name).example/u/{id}", id: "ada")
        site.collection = collection
        return PackLearner(site: site)
    }

    /// The learned pack, loaded, run on `html`.
    func read(_ outcome: PackLearner.Outcome, _ html: String) throws -> ExtractedRecord {
        let pack = try PackLoader().load(toml: outcome.toml, file: "learned.toml")
        return Extractor(pack: pack).extract([page(html, "other.html")])
    }

    /// Two fields equal on the page learned from (5 and 5) and again on the other page
    /// given (7 and 7), learned with nothing left unlearned, then read on a third page
    /// where they differ (12 and 3): what the two read there.
    func readEqualValuesApart(_ first: String, _ second: String, _ html: (Int, Int) -> String) throws -> [FieldValue?] {
        let outcome = learner().learn(from: .init(page: page(html(5, 5)), values: [example(first, "5"), example(second, "5")]),
                                      also: [.init(page: page(html(7, 7), "also.html"), values: [example(first, "7"), example(second, "7")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let third = try read(outcome, html(12, 3))
        return [third.value(first), third.value(second)]
    }
}

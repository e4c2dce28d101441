@testable import Extraction
import Foundation
@testable import Packs
import Testing
import TestSupport

/// Random pages and random packs, for a fixed budget: extraction never traps, and
/// what it finds keeps its promises (a field the pack expects is a value, or null
/// with a problem that names it).
@Suite struct ExtractionFuzzTests {
    static let pieces = [
        "<td class=\"gold\">", "<td class='nostatus silver'>", "</td>", "<div class=\"medium-text\">", "</div>", "1,204", "99999999999999999999999",
        "Author", "Authority", "<a href=\"/x\">", "</a>", "<table class=\"member-rep-list\">", "</table>", "Views: ", "Rating: ", "4.66/5",
        "Posted: 3 Sep 2014", "<tr id=\"ctl01_MC_AR_ctl01_CAR_MainArticleRow\">", "<a id=\"ctl00_MC_AR_ctl01_CAR_Title\" href=\"",
        "\">", "Articles by ", "(Articles: 6, Technical Blogs: 2)", "&nbsp;", "&#27;", "&#xFFFFFFFF;", "&amp;", "\u{1B}[2J", "\u{0}",
        "<span id=\"ctl00_MC_Prof_TotalRep\">", "</span>", "\"member-missing\"", "</html>", "<!--", "-->", " ", "\n", "é", "日本",
        "Bookmark Count: ", "[Technical Blog]", "<h1>", " - Professional Profile</h1>", "\u{FEFF}", "\u{A0}", "<", ">",
    ]

    @Test func randomPagesNeverTrapAndMissingIsNeverSilent() throws {
        var input = FuzzInput()
        let pack = try PackLoader().load(file: codeprojectPack)
        let extractor = Extractor(pack: pack)
        for _ in 0..<150 {
            let profile = input.text(from: Self.pieces, count: Int.random(in: 0...400, using: &input))
            let articles = input.text(from: Self.pieces, count: Int.random(in: 0...400, using: &input))
            let record = extractor.extract([Page(source: "profile", bytes: Array(profile.utf8), origin: "p"),
                                            Page(source: "articles", bytes: Array(articles.utf8), origin: "a")])
            if record.isNotFound { continue }
            for field in pack.fields {
                guard record.value(field.name) == .null else { continue }
                // Null without a problem only where the page showed there is none.
                let shownAbsent = record.outcomes.contains { $0.field.description == field.name && $0.absent > 0 }
                #expect(record.problems.contains { $0.field?.description == field.name } || shownAbsent,
                        "\(field.name) is null without a problem; \(input.repeatHint)")
            }
            // A field's outcome each, and the list's fields' each: the articles page was read.
            #expect(record.outcomes.count == pack.fields.count + pack.collections[0].fields.count, "\(input.repeatHint)")
        }
    }

    @Test func randomBytesAndMutatedFixturesNeverTrap() throws {
        var input = FuzzInput()
        let pack = try PackLoader().load(file: codeprojectPack)
        let extractor = Extractor(pack: pack)
        let fixture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(codeprojectFixtures)/articles-48201.html")))
        for _ in 0..<60 {
            let noise = input.bytes(Int.random(in: 0...20_000, using: &input))
            let mutated = input.mutated(fixture, edits: Int.random(in: 1...200, using: &input))
            let record = extractor.extract([Page(source: "articles", bytes: noise, origin: "noise"),
                                            Page(source: "profile", bytes: mutated, origin: "mutated")])
            #expect(record.problems.allSatisfy { !$0.message.isEmpty }, "\(input.repeatHint)")
        }
    }

    @Test func randomPacksLoadOrSayWhyAndNeverTrap() {
        var input = FuzzInput()
        let patterns = ["'(\\d+)'", "'(a|b)*c'", "'((?:x+x+)+)y'", "'(.*?)</b>'", "'['", "'(?<n>x)'", "'\\'", "'(\\w+'",
                        "'(?i)(X)'", "\"(x)\"", "1", "[]", "['(a)', '(b)']", "{ pattern = '(q)' }", "'\\x{110000}'", "'(*ACCEPT)'"]
        let values = ["\"int\"", "\"text\"", "\"nonsense\"", "0", "\"none\"", "true", "-1", "99999999999", "1e300", "[1, 2]", "{}"]
        let keys = ["pattern", "type", "default", "within", "present", "optional", "required", "group", "map", "source", "typo"]
        let names = ["a", "b.c", "id", "errors", "../x", "stats.x", "\"a b\"", "rows", "x-y", "_u"]
        for _ in 0..<120 {
            var toml = "[site]\nname = \"fuzz\"\nbase_url = \"https://example.org\"\nid = '[0-9]+'\n[sources.page]\nurl = '{base}/{id}'\n"
            if Bool.random(using: &input) { toml += "[limits]\nmatch_steps = \(input.numberText().isEmpty ? "1" : input.numberText())\n" }
            for _ in 0..<Int.random(in: 1...5, using: &input) {
                toml += "[fields.\(names.randomElement(using: &input) ?? "a")]\nsource = \"page\"\n"
                for key in keys.shuffled(using: &input).prefix(Int.random(in: 1...4, using: &input)) where key != "source" {
                    let value = key == "pattern" || key == "within" || key == "present"
                        ? (patterns.randomElement(using: &input) ?? "'(x)'") : (values.randomElement(using: &input) ?? "1")
                    toml += "\(key) = \(value)\n"
                }
            }
            do {
                let pack = try PackLoader().load(toml: toml, file: "fuzz.toml")
                let page = input.text(from: ExtractionFuzzTests.pieces, count: 200)
                _ = Extractor(pack: pack).extract([Page(source: "page", bytes: Array(page.utf8), origin: "p")])
            } catch {
                #expect(!error.problems.isEmpty, "a pack refused without a reason; \(input.repeatHint)\n\(toml)")
            }
        }
    }
}

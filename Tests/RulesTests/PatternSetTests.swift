import Foundation
import Testing
@testable import Rules

/// The prefilter answers exactly what searching with each pattern in turn answers.
@Suite struct PatternSetTests {
    @Test(arguments: [
        ("Posted:\\s*(\\d+)", "posted:"),
        ("\\bid=\"ctl00_MC_([A-Z]{2})_ctl\\d+", "id=\"ctl00_mc_"),
        ("<a[^>]*\\bid=\"x\"", "<a"),
        ("Rating\\:\\s*(\\d)", "rating:"),
        ("Views?:(\\d+)", "view"),
        ("Tips(?:/Tricks)?:", "tips"),
        ("ab{2}c", "a"),
    ])
    func literalPrefixIsReadConservatively(pattern: String, expected: String) {
        let prefix = LiteralPrefix.of(pattern, caseless: true).map { String(decoding: $0, as: UTF8.self) }
        #expect(prefix == (expected.utf8.count >= 2 ? expected : nil))
    }

    @Test(arguments: ["a|bc(d)", "abc|d", "(?i)abc", "\\Qab|c\\E(d)", "[ab]cd", ".abc", "\\dabc", "x", "é(a)", "(ab)c"])
    func noPrefixWhenTheStartIsNotPlainText(pattern: String) {
        #expect(LiteralPrefix.of(pattern, caseless: true) == nil)
    }

    @Test func caseSensitivePrefixKeepsItsCase() {
        #expect(LiteralPrefix.of("Views:(\\d+)", caseless: false) == Array("Views:".utf8))
        // A `|` inside a group or a class does not split the pattern.
        #expect(LiteralPrefix.of("Tips:(a|b)[|]", caseless: false) == Array("Tips:".utf8))
    }

    private func sets(_ groups: [[(String, Bool)]]) throws -> (prefiltered: any PatternSet, sequential: any PatternSet) {
        let engine = PCRE2Engine()
        let members = try groups.map { alternatives in
            try alternatives.map { text, caseless in
                let pattern = try engine.compile(text, options: PatternOptions(caseInsensitive: caseless))
                return SetMember(pattern: pattern, group: pattern.captureCount > 0 ? 1 : 0)
            }
        }
        let prefiltered = engine.makeSet(members)
        #expect(prefiltered is PrefilteredPatternSet)
        return (prefiltered, SequentialPatternSet(groups: members))
    }

    private func answers(_ set: any PatternSet, _ text: String, limits: MatchLimits = .default) -> [GroupAnswer] {
        Array(text.utf8).withUnsafeBufferPointer { set.answers(in: $0, scratch: MatchScratch(limits: limits)) }
    }

    @Test func answersEqualSearchingEachPatternInTurn() throws {
        let (prefiltered, sequential) = try sets([
            [("Views:\\s*([\\d,]+)", true)],
            [("Votes:\\s*(\\d+)", true), ("Rated by (\\d+)", true)],
            [("<a[^>]*\\bhref=\"([^\"]+)\"", true)],
            [("<b>(x)?y", true)],                    // matches with its group unset
            [("Missing:\\s*(\\d+)", true), ("(\\d+) kept", true)],  // second has no prefix
            [("\\bid=\"(n\\d)\"", false)],           // case-sensitive
            [("Score:(\\d+)", true), ("Points:(\\d+)", true)],
        ])
        let pages = [
            "<a id=q href=\"/one\">x</a> VIEWS: 1,234 and views: 5 Votes: x Votes: 7 <b>y 12 kept ID=\"n1\" id=\"n2\" Points:3 Score:4",
            "Rated by 9 people; votes: 3. <A HREF=\"/two\"> Points:1",
            "nothing at all",
            "",
            "Views: Views:8 <a href=\"/last\"",
        ]
        for page in pages {
            #expect(answers(prefiltered, page) == answers(sequential, page), "page: \(page)")
        }
        #expect(answers(prefiltered, pages[0]) == [
            .found(alternative: 0, range: 33..<38), .found(alternative: 0, range: 68..<69), .found(alternative: 0, range: 14..<18),
            .none, .found(alternative: 1, range: 75..<77), .found(alternative: 0, range: 95..<97), .found(alternative: 0, range: 114..<115),
        ])
    }

    /// PCRE2 folds `k` to U+212A and `s` to U+017F: a literal test on ASCII alone would
    /// miss these matches, so such regions are searched the ordinary way.
    @Test func caselessFoldsBeyondASCIIStillMatch() throws {
        let (prefiltered, sequential) = try sets([[("Bookmarked:\\s*(\\d+)", true)], [("Posts:\\s*(\\d+)", true)]])
        let page = "Boo\u{212A}marked: 4 Po\u{017F}ts: 6"
        #expect(answers(prefiltered, page) == answers(sequential, page))
        #expect(answers(prefiltered, page) == [.found(alternative: 0, range: 14..<15), .found(alternative: 0, range: 24..<25)])
    }

    @Test func aPatternThatHitsALimitFailsItsGroupOnly() throws {
        let (prefiltered, sequential) = try sets([[("Views:(\\d+)", true)], [("Slow:((?:x+x+)+)y", true)]])
        // The y after the run keeps PCRE2's "required character" shortcut from ruling the match out early.
        let page = "Views:12 Slow:" + String(repeating: "x", count: 40) + "!y"
        let limits = MatchLimits(steps: 10_000, depth: 1_000, heapKiB: 1_024)
        let expected: [GroupAnswer] = [.found(alternative: 0, range: 6..<8), .failed(alternative: 0, .limitExceeded("match-step"))]
        #expect(answers(prefiltered, page, limits: limits) == expected)
        #expect(answers(sequential, page, limits: limits) == expected)
    }

    /// The bundled pack's rows through both sets: the same answers on every fixture page.
    @Test func bundledPackRowsAgreeOnEveryFixture() throws {
        let fast = try PackLoader().load(file: codeprojectPack)
        let plain = try PackLoader(engine: SequentialEngine()).load(file: codeprojectPack)
        let fixtures = try FixtureSet(directory: codeprojectFixtures, sources: fast.sources.map(\.name))
        var rowsSeen = 0
        for member in fixtures.members {
            let pages = try member.pages.map { source, path in
                Page(source: source, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), origin: path)
            }
            let expected = Extractor(pack: plain).extract(pages)
            let record = Extractor(pack: fast).extract(pages)
            #expect(record == expected, "member \(member.id)")
            rowsSeen += record.collections["articles"]?.count ?? 0
        }
        #expect(rowsSeen == 3 + 34 + 3)
    }
}

/// PCRE2 without the prefilter: every pattern searches every row on its own.
private struct SequentialEngine: PatternEngine {
    func compile(_ pattern: String, options: PatternOptions) throws(PatternCompileError) -> any CompiledPattern {
        try PCRE2Engine().compile(pattern, options: options)
    }
}

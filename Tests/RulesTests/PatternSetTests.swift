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

    @Test(arguments: [
        ("<div[^>]*class=\"member-missing\"", "=\"member-mi"),  // cut before the caseless s
        ("<tr\\b[^>]*?\\bid=\"ctl00_MC_[A-Z]{2}_ctl\\d+_CAR_MainArticleRow\"", "_car_mainarticlerow\""),
        ("Views:\\s*(?:<[^>]+>\\s*)*([\\d,]+)", "view"),
        ("abcd(efghijk)?", "abcd"),
        ("abcde?", "abcd"),
    ])
    func requiredLiteralIsTheLongestPlainRun(pattern: String, expected: String) {
        #expect(LiteralPrefix.required(pattern, caseless: true).map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test(arguments: ["ab|cdefgh", "(?i)abcdef", "ab(?-i)cdefgh", "[abcdefg]", "(abcdefg)", "a.b.c.d"])
    func noRequiredLiteralWhenUnsure(pattern: String) {
        #expect(LiteralPrefix.required(pattern, caseless: true) == nil)
    }

    @Test func caseSensitivePrefixKeepsItsCase() {
        #expect(LiteralPrefix.of("Views:(\\d+)", caseless: false) == Array("Views:".utf8))
        // A `|` inside a group or a class does not split the pattern.
        #expect(LiteralPrefix.of("Tips:(a|b)[|]", caseless: false) == Array("Tips:".utf8))
    }

    /// The same groups with the prefilter and with PCRE2 searching alone.
    private func sets(_ groups: [[(String, Bool)]]) throws -> (prefiltered: any PatternSet, sequential: any PatternSet) {
        func members(_ engine: PCRE2Engine) throws -> [[SetMember]] {
            try groups.map { alternatives in
                try alternatives.map { text, caseless in
                    let pattern = try engine.compile(text, options: PatternOptions(caseInsensitive: caseless))
                    return SetMember(pattern: pattern, group: pattern.captureCount > 0 ? 1 : 0)
                }
            }
        }
        let prefiltered = PCRE2Engine().makeSet(try members(PCRE2Engine()))
        let plain = PCRE2Engine(prefilter: false).makeSet(try members(PCRE2Engine(prefilter: false)))
        #expect(prefiltered is PrefilteredPatternSet)
        #expect(plain is SequentialPatternSet)
        return (prefiltered, plain)
    }

    private func answers(_ set: any PatternSet, _ text: String, limits: MatchLimits = .default) -> [GroupAnswer] {
        var answers = [GroupAnswer]()
        Array(text.utf8).withUnsafeBufferPointer { set.answers(in: $0, scratch: MatchScratch(limits: limits), into: &answers) }
        return answers
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

    /// A single pattern searched from its literal prefix finds what PCRE2's own search finds.
    @Test func singlePatternSearchesAgree() throws {
        let text = Array("<tr><td>x</td></tr><TR id=\"r1\"><tr id=\"r2\"> <tR  id=\"r3\">".utf8)
        for (source, caseless) in [("<tr\\b[^>]*?\\bid=\"(r\\d)\"", true), ("<tr\\b[^>]*?\\bid=\"(r\\d)\"", false), ("<td>(x)?", true)] {
            let fast = try PCRE2Engine().compile(source, options: PatternOptions(caseInsensitive: caseless))
            let plain = try PCRE2Engine(prefilter: false).compile(source, options: PatternOptions(caseInsensitive: caseless))
            let agree = try text.withUnsafeBufferPointer { subject throws(MatchFailure) -> Bool in
                let scratch = MatchScratch()
                for start in 0...subject.count {
                    guard try fast.firstMatch(in: subject, from: start, scratch: scratch) == plain.firstMatch(in: subject, from: start, scratch: scratch),
                          try fast.firstRange(of: 1, in: subject, from: start, scratch: scratch) == plain.firstRange(of: 1, in: subject, from: start, scratch: scratch)
                    else { return false }
                }
                return true
            }
            #expect(agree, "pattern \(source), caseless: \(caseless)")
        }
        let fast = try PCRE2Engine().compile("<tr\\b[^>]*?\\bid=\"(r\\d)\"", options: PatternOptions(caseInsensitive: true))
        let found = try text.withUnsafeBufferPointer { subject throws(MatchFailure) in try fast.firstRange(of: 1, in: subject, from: 0, scratch: MatchScratch()) }
        #expect(found == 27..<29)
    }

    /// The bundled pack's rows through both sets: the same answers on every fixture page.
    @Test func bundledPackRowsAgreeOnEveryFixture() throws {
        let fast = try PackLoader().load(file: codeprojectPack)
        let plain = try PackLoader(engine: PCRE2Engine(prefilter: false)).load(file: codeprojectPack)
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

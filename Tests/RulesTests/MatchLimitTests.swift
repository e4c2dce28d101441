import Foundation
import Testing
@testable import Rules

@Suite struct MatchLimitTests {
    @Test func catastrophicBacktrackingFailsTheFieldNotTheRun() throws {
        // (x+x+)+y backtracks exponentially on a run of x with no y.
        let pack = try testPack("""
            [limits]
            match_steps = 100000

            [fields.bad]
            source = "page"
            pattern = '((?:x+x+)+)y'

            [fields.good]
            source = "page"
            pattern = 'good=(\\w+)'
            """)
        // The y after the run keeps PCRE2's "required character" shortcut from ruling the match out early.
        let record = extract("good=yes " + String(repeating: "x", count: 40) + "!y", with: pack)
        #expect(record.fields["good"] == .text("yes"))
        #expect(record.fields["bad"] == .null)
        let problem = try #require(record.problems.first)
        #expect(problem.field == "bad")
        #expect(problem.message.hasPrefix("the pattern hit the match-step limit on this page"))
    }

    @Test func defaultLimitsStopAPathologicalPatternToo() throws {
        let pack = try testPack("""
            [fields.bad]
            source = "page"
            pattern = '^(\\w+\\s?)*$'
            """)
        let record = extract(String(repeating: "word ", count: 400) + "!", with: pack)
        #expect(record.fields["bad"] == .null)
        #expect(record.problems.first?.message.contains("limit") == true)
    }

    @Test func patternsAreJITCompiled() throws {
        let compiled = try PCRE2Engine().compile("a(b)c", options: PatternOptions())
        #expect((compiled as? PCRE2Pattern)?.jitCompiled == true)
        #expect(compiled.captureCount == 1)
    }
}

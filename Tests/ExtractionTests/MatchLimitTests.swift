import Foundation
import Synchronization
@testable import Matching
@testable import Packs
import Testing

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
        #expect(record.value("good") == .text("yes"))
        #expect(record.value("bad") == .null)
        let problem = try #require(record.problems.first)
        #expect(problem.field?.description == "bad")
        #expect(problem.message.hasPrefix("the pattern hit the match-step limit on this page"))
    }

    @Test func aWithinOrAMissingPatternThatHitsALimitIsNamed() throws {
        let pack = try testPack("""
            [limits]
            match_steps = 100000

            [fields.inside]
            source = "page"
            within = '((?:x+x+)+)y'
            pattern = '(x)'

            [fields.good]
            source = "page"
            pattern = 'good=(\\w+)'
            """)
        let record = extract("good=yes " + String(repeating: "x", count: 40) + "!y", with: pack)
        #expect(record.value("good") == .text("yes"))
        #expect(record.problems.map(\.field?.description) == ["inside"])
        #expect(record.problems.first?.message.hasSuffix("(within: ((?:x+x+)+)y)") == true)

        // A `missing` pattern that gives up: said, and the page is read all the same.
        let missing = try PackLoader().load(toml: """
            [site]
            name = "test"
            base_url = "https://example.org/"
            id = '[0-9]+'
            [limits]
            match_steps = 100000
            [sources.page]
            url = '{base}/p?id={id}'
            missing = '((?:x+x+)+)y'
            [fields.good]
            source = "page"
            pattern = 'good=(\\w+)'
            """, file: "test.toml")
        let read = extract("good=yes " + String(repeating: "x", count: 40) + "!y", with: missing)
        #expect(read.value("good") == .text("yes"))
        #expect(!read.isNotFound)
        #expect(read.problems.map(\.message) == [
            "could not tell whether the member exists: the pattern hit the match-step limit on this page (catastrophic backtracking?); make it more specific, e.g. replace .*? with [^<]* (missing: ((?:x+x+)+)y)",
        ])
    }

    @Test func defaultLimitsStopAPathologicalPatternToo() throws {
        let pack = try testPack("""
            [fields.bad]
            source = "page"
            pattern = '^(\\w+\\s?)*$'
            """)
        let record = extract(String(repeating: "word ", count: 400) + "!", with: pack)
        #expect(record.value("bad") == .null)
        #expect(record.problems.first?.message.contains("limit") == true)
    }

    @Test func patternsAreJITCompiled() throws {
        let compiled = try PCRE2Engine().compile("a(b)c", options: PatternOptions())
        #expect((compiled as? PCRE2Pattern)?.jitCompiled == true)
        #expect(compiled.captureCount == 1)
    }

    /// Extraction asks for one group's range without building a match; it must agree
    /// with the whole match, unset groups and offsets included.
    @Test func aGroupsRangeAgreesWithTheWholeMatch() throws {
        let compiled = try PCRE2Engine().compile("a(b)?(c)", options: PatternOptions())
        let text = Array("xxac abc ABC".utf8)
        let answers = try text.withUnsafeBufferPointer { subject throws(MatchFailure) -> [[Range<Int>?]] in
            var answers = [[Range<Int>?]]()
            for start in 0...subject.count {
                let whole = try compiled.firstMatch(in: subject, from: start)
                var pairs = [Range<Int>?]()
                for group in 0...2 {
                    pairs.append(try compiled.firstRange(of: group, in: subject, from: start))
                    pairs.append(whole?.group(group))
                }
                answers.append(pairs)
            }
            return answers
        }
        for pairs in answers {
            for index in stride(from: 0, to: pairs.count, by: 2) { #expect(pairs[index] == pairs[index + 1]) }
        }
        #expect(answers[0] == [2..<4, 2..<4, nil, nil, 3..<4, 3..<4])
        #expect(answers[4] == [5..<8, 5..<8, 6..<7, 6..<7, 7..<8, 7..<8])
    }

    /// Each pattern carries its pack's limits into the thread's one match state: a
    /// tight pattern and a loose one, taking turns on one thread, keep their own.
    @Test func eachPatternsLimitsHoldOnAThreadSharedWithOthers() throws {
        let tight = try PCRE2Engine().compile(#"^(\w+\s?)*$"#, options: PatternOptions(limits: MatchLimits(steps: 1_000, depth: 100_000, heapKiB: 1024)))
        let loose = try PCRE2Engine().compile(#"^(\w+\s?)*$"#, options: PatternOptions())
        // The tight pattern gives up; the loose one backtracks to the end and finds nothing.
        let text = Array((String(repeating: "word ", count: 5) + "!").utf8)
        try text.withUnsafeBufferPointer { subject throws(MatchFailure) in
            for _ in 0..<3 {
                #expect(throws: MatchFailure.limitExceeded("match-step")) { try tight.firstRange(of: 1, in: subject, from: 0) }
                #expect(try loose.firstRange(of: 1, in: subject, from: 0) == nil)
            }
        }
    }

    /// One compiled pattern, many threads at once, each with its own match state.
    @Test func onePatternServesManyThreads() throws {
        let pattern = try PCRE2Engine().compile(#"Views:\s*([\d,]+)"#, options: PatternOptions())
        let answers = Mutex<[Range<Int>?]>(Array(repeating: nil, count: 64))
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let text = Array((String(repeating: "-", count: index) + "Views: 1,234 and more").utf8)
            let found = text.withUnsafeBufferPointer { try? pattern.firstRange(of: 1, in: $0, from: 0) }
            answers.withLock { $0[index] = found ?? nil }
        }
        #expect(answers.withLock { $0 } == (0..<64).map { ($0 + 7)..<($0 + 12) })
    }
}

import Foundation
@testable import Matching
import Testing

/// A trailing `(.*?)</tag>` runs as a possessive scan. Only an optimisation: every
/// match must be the one the pattern as written gives.
@Suite struct LazyCaptureTailTests {
    @Test func aTrailingLazyCaptureUpToALiteralIsRewritten() {
        #expect(LazyCaptureTail.possessive(#"<span\b[^>]*>(.*?)</span>"#)
            == #"<span\b[^>]*>((?:[^<]++|<(?!/span>))*+)</span>"#)
        #expect(LazyCaptureTail.possessive(#"id="x"[^>]*>(.*?)End"#) == #"id="x"[^>]*>((?:[^E]++|E(?!nd))*+)End"#)
        #expect(LazyCaptureTail.possessive(#"\\(.*?)</a>"#) == #"\\((?:[^<]++|<(?!/a>))*+)</a>"#)
        #expect(LazyCaptureTail.possessive(#"(?:a|b)(?<=x)(?=y)(?#note)(.*?)</a>"#) != nil)
    }

    @Test func anythingThatCouldChangeTheTailsMeaningIsLeftAlone() {
        let untouched = [
            #"<a>(.*?)</a>\s*"#,       // something after the literal
            #"<a>(.*?)</a>+"#,         // a quantifier on the literal's last character
            #"<a>(.*?)<"#,             // a literal of one character
            #"<a>(.*?)"#,              // no literal
            #"<a>(.*?)</a>|<b>"#,      // an alternative after it
            #"<a>(.+?)</a>"#,          // at least one character: not the same scan
            #"<a>\(.*?)</a>"#,         // an escaped parenthesis
            #"(?-s)<a>(.*?)</a>"#,     // `.` no longer crosses lines
            #"(?x)<a>(.*?)</ a>"#,     // spaces ignored
            #"(*UTF)<a>(.*?)</a>"#,
            #"\Q<a>(.*?)</a>"#,        // all quoted
            #"(?1)<a>(.*?)</a>"#,      // the group run elsewhere
            #"(?&n)<a>(.*?)</a>"#,
            #"\g<1><a>(.*?)</a>"#,
            #"(?(.*?)</a>"#,           // a conditional
            #"<a>(.*?)</a.>"#,         // a metacharacter in the literal
            #"<a>(.*?)</a\>"#,
        ]
        for pattern in untouched {
            #expect(LazyCaptureTail.possessive(pattern) == nil, "\(pattern)")
        }
    }

    /// Both forms compiled by PCRE2 directly, every match from every start on text
    /// full of near misses: unclosed tags, partial closers, other case, nesting,
    /// non-ASCII, a closer at the very end and none at all.
    @Test func theRewrittenFormFindsEveryMatchThePatternAsWrittenFinds() throws {
        let patterns = [
            #"<span\b[^>]*?\bid="[^"]*_D"[^>]*>(.*?)</span>"#,
            #"<a\b[^>]*>(.*?)</a>"#,
            #"<b>(.*?)</b>"#,
            #"x(.*?)xy"#,
            #"(?<v>\d+)\s*(.*?)End"#,
        ]
        let texts = [
            #"<span id="a_D">one <b>two</b> </spa three </SPAN> after</span>"#,
            #"<a href="/x">Link <a>inner</a> rest</a> <a>open only"#,
            #"<b>caf\#u{E9} \#u{212A}elvin <b> nested</b></b> <b></b><b>"#,
            "xx xxy xyxy x\nline xy",
            "12 Ends and end 7 enD 9 E\u{301}nd",
            #"<span id="z_D">never closed <b>bold</b>"#,
            "",
        ]
        for pattern in patterns {
            let rewritten = try #require(LazyCaptureTail.possessive(pattern), "\(pattern)")
            for caseInsensitive in [true, false] {
                let options = PatternOptions(caseInsensitive: caseInsensitive)
                let asWritten = try PCRE2Pattern(pattern, options: options, rewritingTail: false)
                let possessive = try PCRE2Pattern(rewritten, options: options, rewritingTail: false)
                let engine = try PCRE2Engine().compile(pattern, options: options)
                for text in texts {
                    let bytes = Array(text.utf8)
                    try bytes.withUnsafeBufferPointer { subject throws(MatchFailure) in
                        for start in 0...subject.count {
                            let expected = try asWritten.firstMatch(in: subject, from: start)
                            #expect(try possessive.firstMatch(in: subject, from: start) == expected,
                                    "\(pattern) on \(text) from \(start)")
                            // The engine runs the rewritten form.
                            #expect(try engine.firstMatch(in: subject, from: start) == expected,
                                    "\(pattern) on \(text) from \(start)")
                        }
                    }
                }
            }
        }
    }

    /// The engine really does run the rewritten form on the pack's tails: a page where
    /// the lazy form backtracks past PCRE2's step limit is matched by the possessive one.
    @Test func theEngineRunsThePossessiveForm() throws {
        let pattern = #"<b>(.*?)</b>"#
        let text = Array(("<b>" + String(repeating: "x", count: 3_000) + "</b>").utf8)
        let tight = MatchLimits(steps: 1_000, depth: 100_000, heapKiB: 1024)
        try text.withUnsafeBufferPointer { subject throws(MatchFailure) in
            let engine = try? PCRE2Engine().compile(pattern, options: PatternOptions(limits: tight))
            #expect(try engine?.firstRange(of: 1, in: subject, from: 0) == 3..<3_003)
            let asWritten = try? PCRE2Pattern(pattern, options: PatternOptions(limits: tight), rewritingTail: false)
            #expect(throws: MatchFailure.self) {
                try asWritten?.firstRange(of: 1, in: subject, from: 0)
            }
        }
    }

    /// Errors still point into the pattern as written.
    @Test func aBrokenPatternIsReportedAsWritten() {
        #expect(throws: PatternCompileError.self) {
            try PCRE2Engine().compile(#"<a[>(.*?)</a>"#, options: PatternOptions())
        }
    }
}

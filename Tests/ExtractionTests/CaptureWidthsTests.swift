import Foundation
@testable import Packs
import Testing

/// A capture narrower than its type's written forms reads a wrong number, or none,
/// from a page that never changed: `patterns check` names each, with its line.
@Suite struct CaptureWidthsTests {
    @Test(arguments: [
        // Groups counted as PCRE2 counts them: not the non-capturing, lookaround or option ones.
        (#"a(b)(c)"#, 2, "c"),
        (#"(?:x)(?<n>\d+)"#, 1, #"\d+"#),
        (#"(?i)(?<=y)(?!z)(\d[\d,]*)"#, 1, #"\d[\d,]*"#),
        // Parentheses inside a class, escaped, or quoted do not open groups.
        (#"[()](\(\d+\))"#, 1, #"\(\d+\)"#),
        (#"\Q(x)\E(\d+)"#, 1, #"\d+"#),
        (#"[^]()]((?:a|b)+)"#, 1, "(?:a|b)+"),
        (#"(a(b))"#, 2, "b"),
        (#"(a(b))"#, 1, "a(b)"),
        (#"(?'n'q)(?P<m>r)"#, 2, "r"),
    ])
    func theCapturedTextOfAGroup(pattern: String, group: Int, expected: String) {
        #expect(CaptureGroupText.text(of: group, in: pattern) == expected)
    }

    @Test func aPatternItCannotFollowIsNotJudged() {
        #expect(CaptureGroupText.text(of: 1, in: "(*UTF)(x)") == nil)
        #expect(CaptureGroupText.text(of: 3, in: "(a)(b)") == nil)
        #expect(CaptureGroupText.text(of: 1, in: "(a") == nil)
    }

    @Test func eachNarrowCaptureIsNamedWithItsLineAndWhatItCannotHold() throws {
        let body = """
            [fields.points]
            source = "page"
            type = "int"
            min = 0
            pattern = 'Points: (\\d+)'

            [fields.karma]
            source = "page"
            type = "int"
            pattern = ['karma ([\\d,]+)', 'k=(-?[\\d,]+)']

            [fields.rating]
            source = "page"
            type = "decimal"
            min = 0
            max = 5
            pattern = 'Rating: (\\d+)'

            [fields.followers]
            source = "page"
            type = "rounded"
            min = 0
            pattern = '([\\d,]+) followers'

            [fields.kind]
            source = "page"
            type = "int"
            map = { one = "1" }
            pattern = 'kind (\\w+)'

            [fields.name]
            source = "page"
            pattern = '<h1>(\\w+)</h1>'

            [collections.posts]
            source = "page"
            row = '<li>(.*?)</li>'
            [collections.posts.fields.score]
            type = "rounded"
            min = 0
            pattern = '(\\d[\\d.,]*[km]?) points'
            """
        let pack = try testPack(body)
        let text = "[site]\n" + body  // line 1 stands for the header: the body starts on line 2
        let cautions = CaptureWidths.cautions(pack, text: text)
        #expect(cautions.map(\.location) == [#"fields."points".pattern"#, #"fields."karma".pattern[1]"#, #"fields."rating".pattern"#,
                                             #"fields."followers".pattern"#])
        #expect(cautions.map(\.line) == [6, 11, 18, 24])
        #expect(cautions[0].description == #"line 6: fields."points".pattern: its capture (\d+) cannot hold "1,204" (thousands separators), which an int reads: a page that writes the value so is read wrong or not at all; widen the capture"#)
        #expect(cautions[1].message.hasPrefix(#"its capture ([\d,]+) cannot hold "-12" (a minus sign), which an int reads"#))
        #expect(cautions[1].message.hasSuffix("; widen the capture, or say min = 0 if its values are never negative"))
        #expect(cautions[2].message.hasPrefix(#"its capture (\d+) cannot hold "4.66" (a decimal point), which"#))
        #expect(cautions[3].message.hasPrefix(#"its capture ([\d,]+) cannot hold "13.5k" (a rounded count with its point and unit), "2.2m" (a rounded count in millions), which"#))
    }

    @Test func theBundledPacksHaveNone() throws {
        for site in ["codeproject", "stackoverflow", "hackernews", "github"] {
            let file = repositoryRoot.appendingPathComponent("patterns/\(site).toml").path
            let pack = try PackLoader().load(file: file)
            #expect(CaptureWidths.cautions(pack, text: try String(contentsOfFile: file, encoding: .utf8)) == [], "\(site)")
        }
    }

    /// Not vacuous: the bundled CodeProject pack with one capture narrowed is named.
    @Test func aNarrowedBundledCaptureIsNamed() throws {
        let file = repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let narrowed = text.replacingOccurrences(of: #"{0,80}?(\d[\d,]*(?:(?:\s|\x{a0}|&nbsp;|&#160;)\d{3}(?![\d,]))*)'"#, with: #"{0,80}?(\d+)'"#)
        try #require(narrowed != text)
        let cautions = CaptureWidths.cautions(try PackLoader().load(toml: narrowed, file: file), text: narrowed)
        #expect(cautions.map(\.location) == [#"fields."reputation.total".pattern"#])
    }
}

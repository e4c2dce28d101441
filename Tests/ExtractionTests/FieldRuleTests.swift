@testable import Extraction
import Foundation
@testable import Matching
@testable import Packs
import Testing

@Suite struct FieldRuleTests {
    @Test func firstMatchingAlternativeWins() throws {
        let pack = try testPack("""
            [fields.v]
            source = "page"
            pattern = ['new:(\\w+)', 'old:(\\w+)']
            """)
        #expect(extract("old:A new:B", with: pack).value("v") == .text("B"))
        #expect(extract("old:A", with: pack).value("v") == .text("A"))
        #expect(extract("nothing", with: pack).value("v") == .null)
    }

    @Test func withinNarrowsBeforeMatchingAndChains() throws {
        let pack = try testPack("""
            [fields.second]
            source = "page"
            within = ['<div id="b">(.*?)</div>', '<p>(.*?)</p>']
            pattern = '<i>(\\d+)</i>'
            type = "int"
            """)
        let html = #"<i>1</i><div id="a"><p><i>2</i></p></div><div id="b"><i>3</i><p>x <i>4</i></p></div>"#
        #expect(extract(html, with: pack).value("second") == .int(4))
        // When a narrowing finds nothing, the alternative does not match.
        #expect(extract(#"<div id="b">no paragraph</div>"#, with: pack).value("second") == .null)
    }

    @Test func groupsByNumberNameAndWholeMatch() throws {
        let pack = try testPack("""
            [fields.byNumber]
            source = "page"
            pattern = '(\\w+)=(\\w+)'
            group = 2

            [fields.byName]
            source = "page"
            pattern = '(?<key>\\w+)=(?<value>\\w+)'
            group = "key"

            [fields.whole]
            source = "page"
            pattern = '\\d{4}'
            group = 0
            """)
        let record = extract("colour=red in 1999", with: pack)
        #expect(record.value("byNumber") == .text("red"))
        #expect(record.value("byName") == .text("colour"))
        #expect(record.value("whole") == .text("1999"))
    }

    @Test func everyType() throws {
        let pack = try testPack("""
            [fields.text]
            source = "page"
            pattern = '<t>(.*?)</t>'
            type = "text"

            [fields.raw]
            source = "page"
            pattern = '<t>(.*?)</t>'
            type = "string"

            [fields.int]
            source = "page"
            pattern = '<i>(.*?)</i>'
            type = "int"

            [fields.decimal]
            source = "page"
            pattern = '<d>(.*?)</d>'
            type = "decimal"

            [fields.relative]
            source = "page"
            pattern = '<a href="([^"]*)">rel'
            type = "url"

            [fields.rooted]
            source = "page"
            pattern = '<a href="([^"]*)">root'
            type = "url"

            [fields.absolute]
            source = "page"
            pattern = '<a href="([^"]*)">abs'
            type = "url"

            [fields.day]
            source = "page"
            pattern = '<day>(.*?)</day>'
            type = "date"
            """)
        let html = """
            <t> Fish &amp;<b>Chips</b>&nbsp;&lt;3
             caf&eacute; &#233;&#x263A; </t>
            <i>1,234,567</i><d>1,204.50</d>
            <a href="page2?x=1&amp;y=2">rel</a><a href="/top">root</a><a href="https://other.example/z">abs</a>
            <day>3 Apr 2013</day>
            """
        let record = extract(html, with: pack)
        #expect(record.problems == [])
        #expect(record.value("text") == .text("Fish &Chips <3 café é☺"))
        #expect(record.value("raw") == .text(" Fish &amp;<b>Chips</b>&nbsp;&lt;3\n caf&eacute; &#233;&#x263A; "))
        #expect(record.value("int") == .int(1_234_567))
        #expect(record.value("decimal") == .decimal(Decimal(string: "1204.5")!))
        #expect(record.value("relative") == .text("https://example.org/base/page2?x=1&y=2"))
        #expect(record.value("rooted") == .text("https://example.org/top"))
        #expect(record.value("absolute") == .text("https://other.example/z"))
        #expect(record.value("day") == .date(CalendarDate(year: 2013, month: 4, day: 3)!))
    }

    @Test func conversionFailureIsReportedPerField() throws {
        let pack = try testPack("""
            [fields.n]
            source = "page"
            pattern = 'n=(\\S+)'
            type = "int"

            [fields.d]
            source = "page"
            pattern = 'd=(\\S+)'
            type = "date"

            [fields.ok]
            source = "page"
            pattern = 'ok=(\\S+)'
            """)
        let record = extract("n=12x d=31-Feb ok=yes", with: pack)
        #expect(record.value("n") == .null)
        #expect(record.value("d") == .null)
        #expect(record.value("ok") == .text("yes"))
        // In the pack's order, not the names'.
        #expect(record.problems.map(\.field?.description) == ["n", "d"])
        #expect(record.problems.map(\.message) == [
            "captured \"12x\", which is not an integer",
            "captured \"31-Feb\", which is not a date such as 12 Mar 2012 or 2 days ago",
        ])
    }

    @Test func mapReplacesCapturedText() throws {
        let pack = try testPack("""
            [fields.kind]
            source = "page"
            pattern = 'code=(\\w+)'
            map = { AR = "article", TR = "tip" }
            """)
        #expect(extract("code=tr", with: pack).value("kind") == .text("tip"))
        let unknown = extract("code=ZZ", with: pack)
        #expect(unknown.value("kind") == .null)
        #expect(unknown.problems.first?.message == "captured \"ZZ\", which the field's map does not list (it lists ar, tr)")
    }

    @Test func mapGivesTheSameAnswerWhateverFormTheCaptureTakes() throws {
        // A capture is looked up by its plain text, lowercased: tags, references,
        // spaces and letter case make no difference.
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row = '<r>(.*?)</r>'

            [collections.rows.fields.n]
            type = "int"
            pattern = 'code=\\[(.*?)\\]'
            map = { one = "1", TWO = " 2,000 ", "é" = "3" }
            """)
        let html = "<r>code=[one]</r><r>code=[ONE]</r><r>code=[T&#87;o]</r><r>code=[<b>two</b>]</r><r>code=[ one ]</r>"
            + "<r>code=[É]</r><r>code=[three]</r><r>code=[on]</r>"
        let record = extract(html, with: pack)
        #expect(record.collections["rows"]?.map { $0["n"] } == [.int(1), .int(1), .int(2000), .int(2000), .int(1), .int(3), .null, .null])
        #expect(record.problems.map(\.field?.description) == ["rows[6].n", "rows[7].n"])
        #expect(record.problems.first?.message == "captured \"three\", which the field's map does not list (it lists one, two, é)")
    }

    @Test func patternsAreCaseInsensitiveUnlessThePackSaysOtherwise() throws {
        let body = """
            [fields.v]
            source = "page"
            pattern = 'value: (\\d+)'
            """
        #expect(extract("VALUE: 7", with: try testPack(body)).value("v") == .text("7"))
        #expect(extract("VALUE: 7", with: try testPack(body, site: "case_sensitive = true")).value("v") == .null)
        let perField = try testPack("""
            [fields.v]
            source = "page"
            case_sensitive = true
            pattern = 'value: (\\d+)'
            """)
        #expect(extract("VALUE: 7 value: 8", with: perField).value("v") == .text("8"))
    }

    @Test func dotCrossesLines() throws {
        let pack = try testPack("""
            [fields.v]
            source = "page"
            pattern = '<p>(.*?)</p>'
            """)
        #expect(extract("<p>one\ntwo</p>", with: pack).value("v") == .text("one two"))
    }

    @Test func missingPatternMarksNotFoundAndSkipsFields() throws {
        let pack = try testPack("""
            [fields.title]
            source = "page"
            pattern = '<h1>(.*?)</h1>'
            required = true
            """)
        let record = extract("<div>Sorry, no such member.</div>", with: pack)
        #expect(record.isNotFound)
        #expect(record.fields.isEmpty)
        #expect(record.problems.map(\.kind) == [.notFound])
    }

    @Test func alternativesMayReadOtherSources() throws {
        let pack = try testPack("""
            [fields.name]
            required = true
            pattern = [
              { source = "page", pattern = '<h1>(.*?)</h1>' },
              { source = "other", pattern = 'by (\\w+)' },
            ]
            """, sources: """
            [sources.other]
            url = '{base}/o?id={id}'
            """)
        let extractor = Extractor(pack: pack)
        let profile = Page(source: "page", utf8: Array("<p>no heading</p>".utf8), origin: "a")
        let other = Page(source: "other", utf8: Array("written by Ada".utf8), origin: "b")
        #expect(extractor.extract([profile, other]).value("name") == .text("Ada"))
        #expect(extractor.extract([other]).value("name") == .text("Ada"))
        let alone = extractor.extract([profile])
        #expect(alone.value("name") == .null)
        #expect(alone.problems.first?.field?.description == "name")
    }
}

/// Fields that share a `within` find their region once per page: the pattern is
/// compiled once and searched once, however many fields name it.
@Suite struct SharedWithinTests {
    /// PCRE2, counting what it is asked.
    final class CountingEngine: PatternEngine, @unchecked Sendable {
        private let lock = NSLock()
        private var compiles = [String: Int]()
        private var searches = [String: Int]()

        func compile(_ pattern: String, options: PatternOptions) throws(PatternCompileError) -> any CompiledPattern {
            lock.withLock { compiles[pattern, default: 0] += 1 }
            return Counted(inner: try PCRE2Engine().compile(pattern, options: options), engine: self)
        }

        func compiled(_ pattern: String) -> Int { lock.withLock { compiles[pattern] ?? 0 } }
        func searched(_ pattern: String) -> Int { lock.withLock { searches[pattern] ?? 0 } }
        fileprivate func count(_ pattern: String) { lock.withLock { searches[pattern, default: 0] += 1 } }
    }

    struct Counted: CompiledPattern {
        let inner: any CompiledPattern
        let engine: CountingEngine
        var pattern: String { inner.pattern }
        var captureCount: Int { inner.captureCount }
        func groupNumber(named name: String) -> Int? { inner.groupNumber(named: name) }
        func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(MatchFailure) -> PatternMatch? {
            engine.count(pattern)
            return try inner.firstMatch(in: subject, from: start)
        }
    }

    @Test func aSharedWithinIsCompiledAndSearchedOnce() throws {
        let engine = CountingEngine()
        let table = "<table>(.*?)</table>"
        let pack = try PackLoader(engine: engine).load(toml: """
            [site]
            name = "test"
            base_url = "https://example.org/"
            id = '[0-9]+'

            [sources.page]
            url = '{base}/p?id={id}'

            [fields.a]
            source = "page"
            within = '\(table)'
            pattern = 'a=(\\d+)'
            type = "int"

            [fields.b]
            source = "page"
            within = '\(table)'
            pattern = 'b=(\\d+)'
            type = "int"

            [fields.c]
            source = "page"
            within = '\(table)'
            pattern = 'c=(\\d+)'
            type = "int"
            """, file: "shared.toml")
        #expect(engine.compiled(table) == 1)
        let page = Page(source: "page", utf8: Array("a=1 b=2 <table>a=10 b=20</table> c=3".utf8), origin: "p.html")
        let extractor = Extractor(pack: pack)
        let record = extractor.extract([page])
        #expect(record.value("a") == .int(10))
        #expect(record.value("b") == .int(20))
        #expect(record.value("c") == .null)
        #expect(engine.searched(table) == 1)
        // The next extraction searches again: the memo lasts one extraction, so another
        // member's page is never answered from this one.
        _ = extractor.extract([page])
        #expect(engine.searched(table) == 2)
    }
}

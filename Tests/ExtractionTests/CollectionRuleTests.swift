import Foundation
import Testing

@Suite struct CollectionRuleTests {
    @Test func eachMatchIsARow() throws {
        let pack = try testPack("""
            [collections.items]
            source = "page"
            row = '<li>(.*?)</li>'

            [collections.items.fields.n]
            pattern = '(\\d+)'
            type = "int"

            [collections.items.fields.note]
            pattern = '\\[(.*?)\\]'
            """)
        let record = extract("<ul><li>1 [a]</li><li>22</li><li>333 [c]</li></ul>", with: pack)
        #expect(record.collections["items"] == [
            ["n": .int(1), "note": .text("a")],
            ["n": .int(22), "note": .null],
            ["n": .int(333), "note": .text("c")],
        ])
    }

    @Test func rowStartCutsFromOneStartToTheNext() throws {
        // Rows hold nested tables, which a single row pattern could not span.
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            within = '<table id="list">(.*)</table>\\s*<footer>'
            row_start = '<tr class="row"'

            [collections.rows.fields.title]
            pattern = '<b>(.*?)</b>'
            required = true

            [collections.rows.fields.inner]
            pattern = '<td class="in">(\\d+)</td>'
            type = "int"
            present = 'class="in"'
            """)
        let html = """
            <b>not a row</b>
            <table id="list">
            <tr class="row"><td><b>One</b><table><tr><td class="in">5</td></tr></table></td></tr>
            <tr class="row"><td><b>Two</b></td></tr>
            </table>
            <footer><b>footer</b></footer>
            """
        let record = extract(html, with: pack)
        #expect(record.problems == [])
        #expect(record.collections["rows"] == [
            ["title": .text("One"), "inner": .int(5)],
            ["title": .text("Two"), "inner": .null],
        ])
    }

    @Test func rowAlternativesFirstThatFindsRowsWins() throws {
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row = ['<new>(.*?)</new>', '<old>(.*?)</old>']

            [collections.rows.fields.v]
            pattern = '(\\w+)'
            """)
        #expect(extract("<old>a</old><old>b</old>", with: pack).collections["rows"]?.count == 2)
        #expect(extract("<old>a</old><new>c</new>", with: pack).collections["rows"] == [["v": .text("c")]])
        // No row and no word from the page that there are none: unknown, not [].
        let nothing = extract("nothing", with: pack)
        #expect(nothing.collections["rows"] == nil)
        #expect(nothing.problems.map(\.field?.description) == ["rows"])
    }

    /// A list is empty only where the page says so (`absent`); where its own sign
    /// shows (`present`, its heading), no row read is a problem even then.
    @Test func aListIsEmptyOnlyWhereThePageSaysSo() throws {
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            within = '<ul class="rows">(.*?)</ul>'
            row = '<li>(.*?)</li>'
            present = '<h2>Rows</h2>'
            absent = ['No rows yet', '<ul class="rows">\\s*</ul>']

            [collections.rows.fields.v]
            pattern = '(\\w+)'
            """)
        #expect(extract(#"<ul class="rows"><li>a</li></ul>"#, with: pack).collections["rows"] == [["v": .text("a")]])
        for said in ["<p>No rows yet</p>", #"<ul class="rows"> </ul>"#] {
            let empty = extract(said, with: pack)
            #expect(empty.collections["rows"] == [], "\(said)")
            #expect(empty.problems == [], "\(said)")
        }
        // The heading shows, the rows are of another markup: unknown, even beside the words for none.
        let redesigned = extract(#"<h2>Rows</h2><ul class="rows"><div>a</div></ul><p>No rows yet</p>"#, with: pack)
        #expect(redesigned.collections["rows"] == nil)
        #expect(redesigned.problems.first?.message.hasPrefix("no row found in the list's section, though the page shows the list") == true)
        // The section gone and no word for none: unknown.
        #expect(extract("<p>elsewhere</p>", with: pack).collections["rows"] == nil)
    }

    @Test func requiredRowFieldNamesTheRow() throws {
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row = '<r>(.*?)</r>'

            [collections.rows.fields.title]
            pattern = 'title=(\\w+)'
            required = true
            """)
        let record = extract("<r>title=a</r><r>untitled</r>", with: pack)
        #expect(record.problems.map(\.field?.description) == ["rows[1].title"])
    }

    @Test func eachRowTriesAFieldsAlternativesInOrder() throws {
        // Rows are filled a field at a time: the second alternative must run on exactly
        // the rows the first missed, and the default fill the rest.
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row = '<r>(.*?)</r>'

            [collections.rows.fields.v]
            type = "int"
            default = -1
            present = '(?:new|old)='
            pattern = ['new=(\\d+)', 'old=(\\d+)']
            """)
        let record = extract("<r>new=1 old=9</r><r>old=2</r><r>none</r><r>old=4 new=3</r><r>old=5</r>", with: pack)
        #expect(record.problems == [])
        #expect(record.collections["rows"]?.map { $0["v"] } == [.int(1), .int(2), .int(-1), .int(3), .int(5)])
    }

    @Test func rowProblemsComeInRowOrderThenFieldOrder() throws {
        // Fields are matched a column at a time, but a reader scans a table row by row:
        // problems of every kind (missing, unconvertible, within a narrowing) in that order.
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row = '<r>(.*?)</r>'

            [collections.rows.fields.a]
            required = true
            pattern = 'a=(\\w+)'

            [collections.rows.fields.n]
            type = "int"
            within = '<n>(.*?)</n>'
            pattern = '(\\w+)'

            [collections.rows.fields.b]
            required = true
            pattern = 'b=(\\w+)'
            """)
        let record = extract("<r>a=x <n>7</n> b=y</r><r><n>seven</n></r><r>a=z</r><r>b=w <n>q</n></r>", with: pack)
        #expect(record.problems.map(\.field?.description) == [
            "rows[1].a", "rows[1].n", "rows[1].b",
            "rows[2].n", "rows[2].b",
            "rows[3].a", "rows[3].n",
        ])
        #expect(record.collections["rows"]?.map { $0["n"] } == [.int(7), .null, .null, .null])
    }
}

@testable import Extraction
import Foundation
@testable import Packs
@testable import Report
import Testing

@Suite struct JSONValueTests {
    @Test func escapesAndKeepsDecimalsExact() {
        let value = JSONValue.object([
            ("text", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é")),
            ("decimal", .decimal(Decimal(string: "4.66")!)),
            ("list", .array([.int(1), .null, .bool(true)])),
            ("empty", .object([])),
        ])
        #expect(value.serialized(pretty: false)
                == #"{"text":"quote \" backslash \\ newline \n tab \t bell \u0007 é","decimal":4.66,"list":[1,null,true],"empty":{}}"#)
        #expect(JSONValue.array([.int(1)]).serialized() == "[\n  1\n]")
    }

    @Test func lineSeparatorsAndControlsAreEscapedButOtherTextIsNot() {
        let value = JSONValue.string("a\u{2028}b\u{2029}c\u{1F}\r – €\u{2027}")
        #expect(value.serialized() == #""a\u2028b\u2029c\u001f\r – €\#u{2027}""#)
        #expect(JSONValue.object([("k", .object([("n", .int(-3))]))]).serialized() == "{\n  \"k\": {\n    \"n\": -3\n  }\n}")
    }

    @Test func recordsNestOnDotsInPackOrder() throws {
        let pack = try PackLoader().load(toml: """
            [site]
            name = "t"
            base_url = "https://example.org"
            id = '\\d+'

            [sources.p]
            url = '{base}/{id}'

            [fields."a.x"]
            source = "p"
            pattern = 'x=(\\d+)'
            type = "int"

            [fields."a.y"]
            source = "p"
            pattern = 'y=(\\d+)'
            type = "decimal"

            [fields.b]
            source = "p"
            pattern = 'b=(\\w+)'
            absent = 'no b'


            [collections.rows]
            source = "p"
            row = '<r>(.*?)</r>'

            [collections.rows.fields.when]
            pattern = '(\\d+ \\w+ \\d+)'
            type = "date"
            """, file: "t.toml")
        let record = Extractor(pack: pack).extract([Page(source: "p", utf8: Array("x=1 y=2 no b <r>3 Apr 2013</r>".utf8), origin: "f")])
        let json = RecordJSON.value(record, pack: pack, leading: [("id", .string("7"))]).serialized(pretty: false)
        #expect(json == #"{"id":"7","a":{"x":1,"y":2},"b":null,"rows":[{"when":"2013-04-03"}],"errors":[]}"#)
    }
}

import Foundation
@testable import Learning
import Testing

/// The page's tree, and each node's place in the page's bytes: what the learner writes
/// patterns from, so every place must point at the bytes it names.
@Suite struct PageTreeTests {
    func tree(_ html: String) -> PageTree { PageTree.parse(Array(html.utf8)) }

    func bytes(_ tree: PageTree, _ range: Range<Int>) -> String {
        String(decoding: tree.utf8[range], as: UTF8.self)
    }

    func elements(_ tree: PageTree, named name: String) -> [Int] {
        tree.nodes.indices.filter { tree.nodes[$0].kind == .element && tree.nodes[$0].name == name }
    }

    @Test func elementsKeepTheirTagsAndContent() throws {
        let page = tree(#"<html><body><div class="x" data-stat='g'><h4>G</h4><p>72<p>687</div></body></html>"#)
        #expect(page.placesHold)
        let div = try #require(elements(page, named: "div").first)
        #expect(bytes(page, page.nodes[div].start..<page.nodes[div].contentStart) == #"<div class="x" data-stat='g'>"#)
        #expect(bytes(page, page.nodes[div].contentStart..<page.nodes[div].contentEnd) == "<h4>G</h4><p>72<p>687")
        #expect(bytes(page, page.nodes[div].start..<page.nodes[div].end) == #"<div class="x" data-stat='g'><h4>G</h4><p>72<p>687</div>"#)
        #expect(page.attribute("data-stat", of: div) == "g")
        #expect(page.classes(of: div) == ["x"])
        // The first <p> is closed by the second, without an end tag of its own.
        let paragraphs = elements(page, named: "p")
        #expect(paragraphs.map { bytes(page, page.nodes[$0].start..<page.nodes[$0].end) } == ["<p>72", "<p>687"])
        #expect(paragraphs.map { page.text(of: $0) } == ["72", "687"])
        #expect(page.elementChildren(of: div).map { page.nodes[$0].name } == ["h4", "p", "p"])
        #expect(page.elementsBefore(paragraphs[1]) == [paragraphs[0], try #require(elements(page, named: "h4").first)])
    }

    @Test func anOffsetFindsTheDeepestNodeHoldingIt() throws {
        let html = #"<html><body><div id="a"><span title="12">Views: <b>1,204</b></span></div></body></html>"#
        let page = tree(html)
        let value = try #require(html.utf8.firstRange(of: "1,204".utf8)).lowerBound
        let text = try #require(page.node(at: html.utf8.distance(from: html.utf8.startIndex, to: value)))
        #expect(page.nodes[text].kind == .text)
        #expect(page.nodes[text].text == "1,204")
        #expect(page.nodes[try #require(page.nodes[text].parent)].name == "b")
        // Inside a start tag: the element whose attribute holds it.
        let title = html.utf8.distance(from: html.utf8.startIndex, to: try #require(html.utf8.firstRange(of: "12\"".utf8)).lowerBound)
        let span = try #require(page.node(at: title))
        #expect(page.nodes[span].name == "span")
        #expect(page.isInStartTag(title, of: span))
        #expect(page.text(of: span) == "Views: 1,204")
    }

    @Test func scriptsStylesAndCommentsAreNodesNoOneReads() throws {
        let html = "<html><head><style>p{color:red}</style><script>var a = '<p>7</p>';</script></head>"
            + "<body><!-- 7 hidden --><p>Count: 0</p></body></html>"
        let page = tree(html)
        let script = try #require(elements(page, named: "script").first)
        #expect(page.nodes[page.nodes[script].children[0]].text == "var a = '<p>7</p>';")
        let comment = try #require(page.nodes.indices.first { page.nodes[$0].kind == .comment })
        #expect(bytes(page, page.nodes[comment].start..<page.nodes[comment].end) == "<!-- 7 hidden -->")
        #expect(page.text(of: try #require(elements(page, named: "html").first)) == "Count: 0")
    }

    @Test func placesHoldPastTextInAnyScriptAndADeclaredCharset() throws {
        // A page decoded to UTF-8 that still says latin-1, with Cyrillic and CJK before the value.
        let html = #"<html><head><meta charset="iso-8859-1"><title>Фёдор 東京</title></head><body><p>Фёдор &amp; 東京</p><i>42</i></body></html>"#
        let page = tree(html)
        #expect(page.placesHold)
        let italic = try #require(elements(page, named: "i").first)
        #expect(bytes(page, page.nodes[italic].start..<page.nodes[italic].end) == "<i>42</i>")
        let paragraph = try #require(elements(page, named: "p").first)
        #expect(page.text(of: paragraph) == "Фёдор & 東京")
    }

    @Test func impliedElementsHaveNoTag() throws {
        let page = tree("<div>one</div>")
        let html = try #require(elements(page, named: "html").first)
        #expect(page.nodes[html].implied)
        let div = try #require(elements(page, named: "div").first)
        #expect(!page.nodes[div].implied)
        #expect(bytes(page, page.nodes[div].start..<page.nodes[div].end) == "<div>one</div>")
    }

    @Test func nothingToReadHasNoPlaces() {
        #expect(!tree("").placesHold)
        #expect(tree("").node(at: 0) == nil)
    }
}

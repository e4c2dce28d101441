import Feeds
import Foundation
import TestSupport
import Testing

/// Random and mutated feeds, for a fixed budget: items or a FeedError, never a trap.
@Suite struct FeedFuzzTests {
    @Test func randomAndMutatedFeeds() throws {
        var input = FuzzInput()
        let pieces = ["<rss version=\"2.0\">", "<channel>", "<item>", "</item>", "<title>", "</title>", "<description>", "</description>",
                      "&lt;b&gt;", "&amp;", "&#27;", "&#0;", "<![CDATA[", "]]>", "<category>", "</category>", "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
                      "<entry>", "</entry>", "<link href=\"javascript:x\"/>", "<!DOCTYPE x [<!ENTITY a \"b\">]>", "&a;", "<pubDate>", "nan", "</pubDate>",
                      "</channel>", "</rss>", "</feed>", " a=\"1\"", "<", ">", "é"]
        let fixtures = try ["articles-1.xml", "articles-2.xml", "lounge.xml"].map {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(codeprojectFixtures)/feeds/\($0)")))
        }
        for round in 0..<200 {
            let data = round % 2 == 0
                ? Data(input.text(from: pieces, count: Int.random(in: 0...300, using: &input)).utf8)
                : Data(input.mutated(fixtures.randomElement(using: &input) ?? [], edits: Int.random(in: 1...40, using: &input)))
            do {
                let items = try FeedParser.parse(data, origin: "fuzz")
                #expect(items.count <= data.count, "\(input.repeatHint)")
            } catch {
                #expect(!error.description.isEmpty, "\(input.repeatHint)")
            }
        }
    }
}

import Feeds
import Foundation
import PageText
import TestSupport
import Testing

@Suite struct FeedParserTests {
    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "\(codeprojectFixtures)/feeds/\(name)"))
    }

    func date(_ text: String) -> Date? { try? Date.ISO8601FormatStyle().parse(text) }

    @Test func rss2WithCDATAEntitiesAndHTML() throws {
        let items = try FeedParser.parse(try fixture("articles-1.xml"), origin: "articles-1.xml")
        #expect(items == [
            FeedItem(title: "Lock-free queues & the ABA problem",
                     link: "https://www.codeproject.com/Articles/5090001/Lock-free-queues-and-the-ABA-problem",
                     author: "Maren Okafor", published: date("2026-11-17T09:30:00Z"),
                     description: "Why compare-and-swap is not enough, and what to do about it."),
            FeedItem(title: "Generic Pool<T> in C# 12",
                     link: "https://www.codeproject.com/Articles/5090002/Generic-Pool-T-in-Csharp-12",
                     author: "zoe@example.org (Zoë O'Brien-Ångström)", published: date("2026-11-16T17:05:10Z"),
                     description: "Pooling objects without locks – a walkthrough."),
            FeedItem(title: "Café-style tooltips, revisited",
                     link: "https://www.codeproject.com/Articles/5090003/Cafe-style-tooltips-revisited",
                     author: nil, published: date("2026-11-15T00:00:00Z"), description: nil),
        ])
    }

    @Test func atomWithHTMLAndXHTMLText() throws {
        let items = try FeedParser.parse(try fixture("lounge.xml"), origin: "lounge.xml")
        #expect(items == [
            FeedItem(title: "Friday puzzle & coffee", link: "https://www.codeproject.com/Lounge.aspx?msg=6000001#xx6000001xx",
                     author: "Tomasz Wirth", published: date("2026-11-18T07:15:00Z"), description: "Today's puzzle: x < y?"),
            // No <published>: <updated> stands in; <content> fills the description when there is no <summary>.
            FeedItem(title: "Is 1 < 2 still true?", link: "https://www.codeproject.com/Lounge.aspx?msg=6000002#xx6000002xx",
                     author: "René Kowalczyk", published: date("2026-11-17T22:40:00Z"), description: "Only on Fridays."),
        ])
    }

    @Test func textThatOnlyLooksLikeATagStaysAndCategoriesAreKept() throws {
        // Modelled on CodeProject's article feeds: C++ in descriptions, escaped once for the
        // XML, reads as C++; only real HTML elements (<b>) are markup.
        let items = try FeedParser.parse(try fixture("articles-2.xml"), origin: "articles-2.xml")
        #expect(items == [
            FeedItem(title: "Futures without tears", link: "https://www.codeproject.com/Articles/5090010/Futures-without-tears",
                     author: "Maren Okafor", published: date("2026-11-17T08:00:00Z"),
                     description: "#include <future> and std::async<T>: what a future waits for, when 1 <2.",
                     categories: ["C++", "Threads & Concurrency"]),
        ])
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title>t</title>
            <category term="c#"/><category label="Lounge &amp; more"/><category/>
            <summary type="html">&lt;p&gt;vector&lt;int&gt; &amp;amp; map&lt;/p&gt;</summary></entry></feed>
            """
        let entries = try FeedParser.parse(Data(atom.utf8), origin: "atom")
        #expect(entries.map(\.categories) == [["c#", "Lounge & more"]])
        #expect(entries.map(\.description) == ["vector<int> & map"])
    }

    @Test func floodsAndGiantsAreRefusedBeforeParsing() throws {
        // 200,000 attributes on one <item>: libxml2 would take minutes over it.
        let attributes = (0..<200_000).map { " a\($0)=\"x\"" }.joined()
        let flood = Data("<rss version=\"2.0\"><channel><item\(attributes)><title>t</title></item></channel></rss>".utf8)
        #expect(throws: FeedError.tooManyAttributes(origin: "flood", line: 1, limit: 1_000)) {
            try FeedParser.parse(flood, origin: "flood")
        }
        // An = inside a quoted value is no attribute.
        let quoted = Data("<rss version=\"2.0\"><channel><item><guid data=\"\(String(repeating: "a=1&amp;", count: 2_000))\">g</guid></item></channel></rss>".utf8)
        #expect(try FeedParser.parse(quoted, origin: "q").count == 1)
        let giant = Data(count: FeedParser.maxBytes + 1)
        #expect(throws: FeedError.tooLarge(origin: "giant", bytes: FeedParser.maxBytes + 1, limit: FeedParser.maxBytes)) {
            try FeedParser.parse(giant, origin: "giant")
        }
    }

    @Test func aFeedWithNoItems() throws {
        #expect(try FeedParser.parse(try fixture("articles-22.xml"), origin: "x") == [])
    }

    @Test func badInput() throws {
        #expect(throws: FeedError.malformed(origin: "empty", line: 1, message: "Document is empty")) {
            try FeedParser.parse(Data("just text\n".utf8), origin: "empty")
        }
        let whole = try fixture("articles-1.xml")
        #expect {
            try FeedParser.parse(whole.prefix(whole.count / 2), origin: "half")
        } throws: { error in
            guard case FeedError.malformed(let origin, let line, _)? = error as? FeedError else { return false }
            return origin == "half" && line > 1
        }
        #expect(throws: FeedError.unknownFormat(origin: "page", root: "html")) {
            try FeedParser.parse(Data("<html><body>hello</body></html>".utf8), origin: "page")
        }
        #expect(throws: FeedError.self) { try FeedParser.parse(Data([0xFF, 0xFE, 0x00, 0x3C, 0x00]), origin: "bytes") }
    }

    @Test func billionLaughsIsRefusedQuickly() throws {
        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE lolz [", "<!ENTITY lol \"lol\">"]
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            lines.append("<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">")
        }
        lines += ["]>", "<rss version=\"2.0\"><channel><item><title>&lol9;</title></item></channel></rss>"]
        // Expanded, &lol9; is a billion "lol"s (3 GB): refused, never expanded.
        #expect {
            try FeedParser.parse(Data(lines.joined(separator: "\n").utf8), origin: "lol")
        } throws: { error in
            // libxml2 stops at the entity loop, or the walker at the declared entity.
            switch error as? FeedError {
            case .malformed(_, _, let message)?: return message.contains("entity")
            case .declaredEntities?: return true
            default: return false
            }
        }
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <rss version="2.0"><channel><item><title>&secret;</title></item></channel></rss>
            """
        #expect(throws: FeedError.declaredEntities(origin: "xxe", name: "secret")) {
            try FeedParser.parse(Data(xxe.utf8), origin: "xxe")
        }
    }
}

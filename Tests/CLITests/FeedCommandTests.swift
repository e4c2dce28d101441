import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct FeedCommandTests {
    @Test func articlesByCategoryFromTheReplica() throws {
        let server = try FixtureServer()
        let result = try run("cpvanity", ["feed", "articles", "--category", "c#", "--base-url", server.baseURL, "--format", "ndjson"])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"title":"Generic Pool<T> in C# 12","link":"https://www.codeproject.com/Articles/5090002/Generic-Pool-T-in-Csharp-12","author":"zoe@example.org (Zoë O'Brien-Ångström)","published":"2026-11-16T17:05:10Z","description":"Pooling objects without locks – a walkthrough.","categories":[]}"# + "\n")

        let cpp = try run("cpvanity", ["feed", "articles", "--category", "c++", "--base-url", server.baseURL, "--format", "csv"])
        #expect(cpp.status == 0)
        #expect(cpp.stdout == "title,link,author,published,description,categories\r\n"
            + "Futures without tears,https://www.codeproject.com/Articles/5090010/Futures-without-tears,Maren Okafor,2026-11-17T08:00:00Z,"
            + "\"#include <future> and std::async<T>: what a future waits for, when 1 <2.\",C++; Threads & Concurrency\r\n")
        #expect(try server.stats().log.contains { $0.path == "/webservices/articlerss.aspx" })

        let all = try run("cpvanity", ["feed", "articles", "--base-url", server.baseURL, "--format", "json", "--limit", "2"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Lock-free queues & the ABA problem", "Generic Pool<T> in C# 12"])

        let empty = try run("cpvanity", ["feed", "articles", "--category", "andr", "--base-url", server.baseURL, "--format", "json"])
        #expect(empty.status == 1)
        #expect(empty.stdout == "[]\n")
        #expect(empty.stderr.contains("has no items"))
    }

    @Test func listAndBadNames() throws {
        let list = try run("cpvanity", ["feed", "list", "--format", "json"])
        let feeds = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(feeds.map { $0["name"] as? String } == ["articles", "lounge"])
        // Every format the option names is written as itself, not as a table.
        let csv = try run("cpvanity", ["feed", "list", "--format", "csv"])
        #expect(csv.stdout.components(separatedBy: "\r\n").prefix(3) == [
            "name,title,url,categories,default_category",
            "articles,Latest articles,{base}/webservices/articlerss.aspx?cat={category},All Articles; C++/MFC; C#; ASP.NET; SQL; Java; Mobile; Android,All Articles",
            "lounge,The Lounge (forum),{base}/webservices/LoungeRss.aspx,,",
        ], "\(csv.stdout)")
        let markdown = try run("cpvanity", ["feed", "list", "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("| name | title | url | categories | default category |\n| --- | --- | --- | --- | --- |\n| articles |"), "\(markdown.stdout)")

        let unknownFeed = try run("cpvanity", ["feed", "forumz"])
        #expect(unknownFeed.status == 64)
        #expect(unknownFeed.stderr == "cpvanity: no feed named 'forumz'; the pack has articles, lounge (see: cpvanity feed list)\n")
        let unknownCategory = try run("cpvanity", ["feed", "articles", "--category", "cobol"])
        #expect(unknownCategory.status == 64)
        #expect(unknownCategory.stderr.contains("choose one of: All Articles, C++/MFC, C#, ASP.NET, SQL, Java, Mobile, Android"))
        let ambiguous = try run("cpvanity", ["feed", "articles", "--category", "C"])
        #expect(ambiguous.stderr.contains("matches several articles categories: C++/MFC, C#"))
    }

    @Test func savedFeedsAndHostileOnes() throws {
        let saved = try run("cpvanity", ["feed", "--file", "\(codeprojectFixtures)/feeds/lounge.xml", "--format", "csv"])
        #expect(saved.status == 0)
        #expect(saved.stdout.hasPrefix("title,link,author,published,description,categories\r\nFriday puzzle & coffee,"))
        let notXML = try run("cpvanity", ["feed", "--file", "-"], stdin: Data("not xml at all".utf8))
        #expect(notXML.status == 2)
        #expect(notXML.stderr == "cpvanity: <stdin> is not a readable feed: Document is empty (line 1)\n")

        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE lolz [", "<!ENTITY lol \"lol\">"]
        for level in 1...9 {
            lines.append("<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">")
        }
        lines += ["]>", "<rss version=\"2.0\"><channel><item><title>&lol9;</title></item></channel></rss>"]
        let hostile = try run("cpvanity", ["feed", "--file", "-"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(hostile.status == 2)
        #expect(hostile.stdout == "")
        // The biggest child this test process has waited for stayed small: nothing was expanded.
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 300 * 1024, "a child used \(usage.ru_maxrss) KiB")
    }
}

@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// A source that runs over several pages: its rows are one list in page order, its
/// scalar fields are read from its first page, and its pages are named for saving.
@Suite struct PagesOfASourceTests {
    static func pack() throws -> SitePack {
        try testPack("""
            [fields.name]
            source = "page"
            pattern = '<h1>(.*?)</h1>'
            [collections.posts]
            source = "page"
            row = '<li>(.*?)</li>'
            [collections.posts.fields.title]
            pattern = 't=(\\w+)'
            [collections.posts.fields.score]
            type = "int"
            pattern = 's=(\\d+)'
            """, sources: """
            next = '<a rel="next" href="([^"]+)"'
            max_pages = 3
            """)
    }

    func page(_ number: Int, _ html: String) -> Page {
        Page(source: "page", utf8: Array(html.utf8), origin: "page-\(number).html", number: number)
    }

    @Test func rowsRunOnAcrossPagesInPageOrder() throws {
        let pack = try Self.pack()
        // Given out of order: page order is what counts.
        let record = Extractor(pack: pack).extract([
            page(3, "<h1>Third</h1><li>t=e s=5</li>"),
            page(1, "<h1>Ada</h1><li>t=a s=1</li><li>t=b s=2</li>"),
            page(2, "<h1>Second</h1><li>t=c s=x</li><li>t=d s=4</li>"),
        ])
        #expect(record.value("name") == .text("Ada"))
        #expect(record.collections["posts"]?.map { $0["title"] } == [.text("a"), .text("b"), .text("c"), .text("d"), .text("e")])
        // Rows are numbered across pages; the problem names the page it is on.
        #expect(record.problems.map(\.description) == ["posts[2].score: not found: its pattern did not match (tried 's=(\\d+)') (page page page-2.html)"])
        // One outcome per field, counting every row.
        #expect(record.outcomes.first { $0.field.description == "posts[].score" }.map { [$0.matched, $0.missing] } == [4, 1])
        #expect(pack.source(named: "page")?.maxPages == 3)
        #expect(pack.source(named: "page")?.nextLink(on: Array(#"<a rel="next" href="/p?id=1&amp;page=2">"#.utf8)) == "/p?id=1&amp;page=2")
        #expect(pack.source(named: "page")?.nextLink(on: Array("<p>the end</p>".utf8)) == nil)
    }

    @Test func aMemberTheFirstPageSaysIsNotThereHasNoRows() throws {
        let record = Extractor(pack: try Self.pack()).extract([page(1, "no such member"), page(2, "<li>t=z s=9</li>")])
        #expect(record.isNotFound)
        #expect(record.collections["posts"] == nil)
    }

    @Test func savedPageNames() {
        #expect(SavedPageName(source: "posts", id: "ada_l", page: 2).fileName == "posts-ada_l-p2.html")
        #expect(SavedPageName(source: "profile", id: "48201").fileName == "profile-48201.html")
        let sources = ["profile", "user-tags", "user"]
        #expect(SavedPageName.parse("profile-48201.html", sources: sources) == SavedPageName(source: "profile", id: "48201"))
        #expect(SavedPageName.parse("user-tags-ada_l-p12.html", sources: sources) == SavedPageName(source: "user-tags", id: "ada_l", page: 12))
        #expect(SavedPageName.parse("user-ada-pond.html", sources: sources) == SavedPageName(source: "user", id: "ada-pond"))
        #expect(SavedPageName.parse("user-x-p1.html", sources: sources) == SavedPageName(source: "user", id: "x-p1"))
        #expect(SavedPageName.parse("expected-48201.json", sources: sources) == nil)
        #expect(SavedPageName.parse("feed-1.html", sources: sources) == nil)
    }
}

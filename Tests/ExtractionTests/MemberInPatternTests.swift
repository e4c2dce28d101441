@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// A pattern may name the member (`{id}`): a page saved while logged in shows another
/// user, with their own numbers, in its chrome, and only the owner's are the record's.
@Suite struct MemberInPatternTests {
    static func pack() throws -> SitePack {
        try testPack("""
            [fields.reputation]
            source = "page"
            type = "rounded"
            pattern = '<a href="/users/{id}"[^>]*>[^<]*</a>\\s*<span class="rep">([^<]+)</span>'
            """)
    }

    static let page = """
        <header><a href="/users/carol.w" class="me">carol.w</a> <span class="rep">5,120</span></header>
        <main><a href="/users/ada" class="owner">ada</a> <span class="rep">99.5k</span></main>
        """

    @Test func theOwnersValueNotTheLoggedInUsers() throws {
        let pack = try Self.pack()
        let pages = [Page(source: "page", utf8: Array(Self.page.utf8), origin: "page.html")]
        #expect(Extractor(pack: pack).extract(pages, member: "ada").value("reputation") == .int(99_500))
        #expect(Extractor(pack: pack).extract(pages, member: "carol.w").value("reputation") == .int(5_120))
        // The ID is literal text: "carol_w" is not "carol.w", and "." matches only ".".
        let other = Extractor(pack: pack).extract(pages, member: "carolxw")
        #expect(other.value("reputation") == .null)
        #expect(other.problems.first?.field?.description == "reputation")
    }

    @Test func anIDIsWrittenIntoAPatternAsLiteralText() {
        #expect(Alternative.literal("ada_l") == #"ada\_l"#)
        #expect(Alternative.literal("a.b(c)") == #"a\.b\(c\)"#)
        #expect(Alternative.literal("luis-φ") == #"luis\-\x{3c6}"#)
    }

    /// A site-wide page (a leaderboard) is a source: its URL need not hold `{id}`.
    @Test func aSourceMayBeTheSamePageForEveryMember() throws {
        let pack = try testPack("""
            [fields.rank]
            source = "board"
            type = "int"
            pattern = '<li data-user="{id}">#(\\d+)</li>'
            """, sources: """
            [sources.board]
            url = '{base}/leaderboard'
            """)
        let board = #"<ol><li data-user="bo">#1</li><li data-user="ada">#2</li></ol>"#
        let record = Extractor(pack: pack).extract([Page(source: "board", utf8: Array(board.utf8), origin: "board.html")], member: "ada")
        #expect(record.value("rank") == .int(2))
    }
}

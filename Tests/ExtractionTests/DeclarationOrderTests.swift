@testable import Packs
import Testing

/// Fields keep the order the pack writes them in: it becomes the CSV's columns and
/// the JSON's keys. TOMLKit does not keep it, so the loader reads it off the headers.
@Suite struct DeclarationOrderTests {
    @Test func fieldsAndRowFieldsComeInThePacksOrder() throws {
        let pack = try testPack("""
            [fields.zeta]
            source = "page"
            pattern = 'z=(\\w+)'

            [fields."b.total"]
            source = "page"
            pattern = 'b=(\\w+)'

            [fields.'b.level']
            source = "page"
            pattern = 'l=(\\w+)'

            [ fields . alpha ]
            source = "page"
            pattern = 'a=(\\w+)'

            [collections.rows]
            source = "page"
            row = '<r>(.*?)</r>'

            [collections.rows.fields.views]
            pattern = 'v=(\\d+)'

            [collections.rows.fields.title]
            pattern = 't=(\\w+)'
            """, sources: """
            [fields]
            inline = { source = "page", pattern = 'i=(\\w+)' }
            """)
        // `inline` is no header of its own: it comes after the declared ones.
        #expect(pack.fields.map(\.name) == ["zeta", "b.total", "b.level", "alpha", "inline"])
        #expect(pack.collections.first?.fields.map(\.name) == ["views", "title"])
    }

    @Test func headerKeyPaths() {
        #expect(DeclarationOrder.keyPath(#"fields."reputation.total"]"#) == ["fields", "reputation.total"])
        #expect(DeclarationOrder.keyPath("collections.articles.fields.kind] # the kind") == ["collections", "articles", "fields", "kind"])
        #expect(DeclarationOrder.keyPath("a . 'b c' ]") == ["a", "b c"])
        #expect(DeclarationOrder.keyPath("a..b]") == nil)
        #expect(DeclarationOrder.keyPath(#"a."unclosed]"#) == nil)
        #expect(DeclarationOrder.keyPath("no closing bracket") == nil)
    }
}

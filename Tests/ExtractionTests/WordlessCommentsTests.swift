import Extraction
import Matching
import Packs
import PageText
import Testing

/// A framework's wordless comments between the parts of one text (React's `<!-- -->`,
/// Vue's `<!--[-->`) are not on the page a browser shows: a page is read without them,
/// and a comment with words in it stays.
@Suite struct WordlessCommentsTests {
    func removed(_ html: String) -> String {
        String(decoding: WordlessComments.removed(from: Array(html.utf8)), as: UTF8.self)
    }

    @Test func onlyCommentsWithoutWordsAreTakenOut() {
        #expect(removed("<li><span>1,204</span><!-- --> <!-- -->followers</li>") == "<li><span>1,204</span> followers</li>")
        #expect(removed("Joined <!-- -->March 2019<!---->") == "Joined March 2019")
        #expect(removed("<!--[--><b>7</b><!--]-->") == "<b>7</b>")
        #expect(removed("a<!-- note -->b<!--[if IE]><p>old</p><![endif]-->c") == "a<!-- note -->b<!--[if IE]><p>old</p><![endif]-->c")
        // Cut off, or a `<` that opens no comment: left as it is.
        #expect(removed("x < y <!-- ") == "x < y <!-- ")
        #expect(removed("<!-- -->") == "")
        // Marks in the text around them, and comments side by side.
        #expect(removed("!Hi! <!-- -->there!<!----><!---->") == "!Hi! there!")
        #expect(removed("a<!") == "a<!")
        #expect(removed("<!DOCTYPE html><p>5<!-- --> stars</p>") == "<!DOCTYPE html><p>5 stars</p>")
        #expect(removed("") == "")
    }

    @Test func aPageIsReadAsABrowserShowsItsText() throws {
        let toml = """
            [site]
            name = "quill"
            base_url = "https://quill.example/"
            id = '[a-z]+'
            [sources.profile]
            url = '{base}/{id}'
            [fields.followers]
            source = "profile"
            type = "int"
            pattern = '([\\d,]+) followers'
            """
        let pack = try PackLoader().load(toml: toml, file: "quill.toml")
        let page = Page(source: "profile", bytes: Array("<li>1,204<!-- --> <!-- -->followers</li>".utf8), origin: "quill.html")
        #expect(Extractor(pack: pack).extract([page]).value("followers") == .int(1204))
    }
}

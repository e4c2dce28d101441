import Scraper
import Testing

/// The charset a Content-Type names, read as servers write it.
@Suite struct CharsetTests {
    @Test func theCharsetNamedInAnyOfItsWrittenForms() {
        #expect(HTTPResponse.charset("text/html; charset=UTF-8") == "utf-8")
        #expect(HTTPResponse.charset("text/html;charset=\"windows-1252\"") == "windows-1252")
        #expect(HTTPResponse.charset("text/html; Charset='ISO-8859-1'; q=1") == "iso-8859-1")
        #expect(HTTPResponse.charset("text/html; charset=utf-8 ") == "utf-8")
    }

    @Test func noCharsetIsNil() {
        #expect(HTTPResponse.charset("text/html") == nil)
        #expect(HTTPResponse.charset("text/html; charset=") == nil)
        #expect(HTTPResponse.charset("text/html; charset=\"\"") == nil)
        #expect(HTTPResponse.charset("") == nil)
        #expect(HTTPResponse.charset("charset") == nil)
    }
}

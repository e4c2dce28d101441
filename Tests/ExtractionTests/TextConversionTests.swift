import Foundation
@testable import Packs
import PageText
import Testing

@Suite struct TextConversionTests {
    @Test func plainTextFromHTML() {
        #expect(HTMLText.plain("a<br>b<span>c</span>") == "a bc")
        #expect(HTMLText.plain("x &lt;b&gt; y") == "x <b> y")
        #expect(HTMLText.plain("1 < 2 &amp;&amp; 3 > 2") == "1 < 2 && 3 > 2")
        #expect(HTMLText.plain("unterminated <a href=") == "unterminated")
        // Block elements, in any case, open, closed or self-closing, leave a space; other tags do not.
        #expect(HTMLText.plain("a<SECTION>b</Article >c<tr/>d<TBODY\nclass=x>e<h6>f") == "a b c d e f")
        #expect(HTMLText.plain("a<sections>b<h7>c<b>d</b>e<articles>f<x>g<p>h") == "abcdefg h")
        #expect(HTMLText.plain("&unknown; &amp &#xZZ; &#0;") == "&unknown; &amp &#xZZ; \u{FFFD}")
        #expect(HTMLText.plain("&#150; &#8364; &Eacute;&eacute;&nbsp;") == "\u{2013} € Éé")
        // Bytes that are not UTF-8 (a stray Latin-1 é, a cut-off sequence) become U+FFFD.
        #expect([UInt8]([0x61, 0xE9, 0x20, 0x62, 0xE2, 0x82]).withUnsafeBufferPointer { HTMLText.plain($0) } == "a\u{FFFD} b\u{FFFD}")
    }

    @Test func dates() {
        #expect(DateText.parse("12 Mar 2012")?.description == "2012-03-12")
        #expect(DateText.parse("3 September 2013")?.description == "2013-09-03")
        #expect(DateText.parse("Mar 12, 2012")?.description == "2012-03-12")
        #expect(DateText.parse("2012-03-12")?.description == "2012-03-12")
        #expect(DateText.parse("29 Feb 2012")?.description == "2012-02-29")
        #expect(DateText.parse("29 Feb 2013") == nil)
        #expect(DateText.parse("12 Marching 2012") == nil)
        #expect(DateText.parse("yesterday") == nil)
        // Real pages: GitHub's and Stack Overflow's ISO timestamps, Hacker News's Unix time.
        #expect(DateText.parse("2014-08-21T01:36:17Z")?.description == "2014-08-21")
        #expect(DateText.parse("2011-12-03 20:07:05Z")?.description == "2011-12-03")
        #expect(DateText.parse("2022-06-02T23:30:00-07:00")?.description == "2022-06-02")
        #expect(DateText.parse("1160418092")?.description == "2006-10-09")
        #expect(FieldType.date.convert("1160418092", base: "") == .success(.date(CalendarDate(year: 2006, month: 10, day: 9)!)))
        // Numbers too short for a moment are no date; nor is a T with no day before it.
        #expect(DateText.parse("2012") == nil)
        #expect(DateText.parse("12345678") == nil)
        #expect(DateText.parse("T01:36:17Z") == nil)
        #expect(DateText.parse("99999999999999999999") == nil)
    }

    /// Stack Overflow's developer story: "Oct 2017 → Current", a month with no day.
    @Test func months() {
        #expect(FieldType.month.convert("Oct 2017", base: "") == .success(.text("2017-10")))
        #expect(FieldType.month.convert("April&nbsp;2017", base: "") == .success(.text("2017-04")))
        #expect(FieldType.month.convert("2017-04", base: "") == .success(.text("2017-04")))
        #expect(FieldType.month.convert("04/2017", base: "") == .success(.text("2017-04")))
        for text in ["13/2017", "Current", "Oct", "2017", "Octopus 2017", "Oct 17"] {
            #expect(throws: ConversionError.self, "\(text)") { try FieldType.month.convert(text, base: "").get() }
        }
    }

    @Test func numbers() {
        #expect(FieldType.int.convert("1,204,873", base: "") == .success(.int(1_204_873)))
        #expect(FieldType.int.convert(" 12 345 ", base: "") == .success(.int(12_345)))
        #expect(FieldType.int.convert("+35", base: "") == .success(.int(35)))
        #expect(FieldType.int.convert("-4", base: "") == .success(.int(-4)))
        #expect(FieldType.decimal.convert("4.66", base: "") == .success(.decimal(Decimal(string: "4.66")!)))
        #expect(FieldType.decimal.convert(".5", base: "") == .success(.decimal(Decimal(string: "0.5")!)))
        // Past 18 digits, Int's and Decimal's own parsers read the text, from the page's bytes too.
        for convert in [{ (text: String, type: FieldType) in type.convert(text, base: "") },
                        { (text: String, type: FieldType) in Array(text.utf8).withUnsafeBufferPointer { type.convert($0, base: "") } }] {
            #expect(convert("1,234,567,890,123,456,789", .int) == .success(.int(1_234_567_890_123_456_789)))
            #expect(convert("-1234567890123456789.25", .decimal) == .success(.decimal(Decimal(string: "-1234567890123456789.25")!)))
            #expect(throws: ConversionError.self) { try convert("12,345,678,901,234,567,890", .int).get() }  // past Int.max
            #expect(throws: ConversionError.self) { try convert("1234567890123456789.5", .int).get() }
        }
        for bad in ["", "1.2.3", "abc", "4.66/5", "."] {
            #expect(throws: ConversionError.self) { try FieldType.decimal.convert(bad, base: "").get() }
        }
    }

    /// Captures are converted straight from the page's bytes; unusual ones fall back to
    /// the String path. Both must give the same answer for every type.
    /// A well-formed number too large for its type is said as such, not as "not a number".
    @Test func numbersTooLargeForTheirType() throws {
        func error(_ type: FieldType, _ raw: String) -> ConversionError? {
            guard case .failure(let error) = type.convert(raw, base: "https://x/") else { return nil }
            return error
        }
        #expect(error(.int, "123,456,789,012,345,678,901,234,567,890")?.tooLarge == true)
        #expect(error(.int, "9223372036854775808")?.tooLarge == true)
        #expect(error(.int, "-9223372036854775809")?.tooLarge == true)
        #expect(FieldType.int.convert("9223372036854775807", base: "https://x/") == .success(.int(Int.max)))
        #expect(error(.int, "12.5")?.tooLarge == false)
        #expect(error(.int, "twelve")?.tooLarge == false)
        #expect(error(.decimal, String(repeating: "9", count: 39))?.tooLarge == true)
        #expect(FieldType.decimal.convert(String(repeating: "9", count: 30), base: "https://x/")
                == .success(.decimal(try #require(Decimal(string: String(repeating: "9", count: 30))))))
        #expect(error(.int, String(repeating: "9", count: 30))?.message
                == "captured \"999999999999999999999999999999\", a number too large for an integer (at most 19 digits, up to 9223372036854775807); the page's value is not read")
    }

    @Test func byteAndStringConversionsAgree() {
        let captures = [
            "1,204,873", " 12 345 ", "+35", "-4", "4.66", ".5", "1.", "1.2.3", "", " ", "abc", "12'345", "1\u{00A0}234",
            "<b>42</b>", "4&#46;5", "99999999999999999999", "1234567890123456789", "-0", "+-4", "--4", "4-",
            "12 Mar 2012", " 12 Mar 2012", "31 Feb 2012", "Mar 12, 2012", "2012-03-12", "12  mar 2012", "<b>3 May 2010</b>",
            "Caf\u{00E9} &amp; <i>bar</i>\n\tbaz", "a\u{2003}b", "&lt;b&gt;", "x<br>y", "trailing  ", "/Articles/1/x", "bad \u{FFFD}",
            "https://x.org/a?b=1&amp;c=2", "HTTP://X.ORG/A", "//cdn.example.com/i.png", "/a/./b", "/a/../b", "/a/b/..", "/a/.", "/a/.b/c..", "rel/ative", "/a b", "&#47;x",
        ]
        for capture in captures {
            for type in FieldType.allCases {
                let fromBytes = Array(capture.utf8).withUnsafeBufferPointer { type.convert($0, base: "https://example.com") }
                #expect(fromBytes == type.convert(capture, base: "https://example.com"), "\(type) of \"\(capture)\"")
            }
        }
        #expect(Array("1,204,873".utf8).withUnsafeBufferPointer { FieldType.int.convert($0, base: "") } == .success(.int(1_204_873)))
        #expect(Array("12 Mar 2012".utf8).withUnsafeBufferPointer { FieldType.date.convert($0, base: "") } == .success(.date(CalendarDate(year: 2012, month: 3, day: 12)!)))
        #expect(Array("-0.25".utf8).withUnsafeBufferPointer { FieldType.decimal.convert($0, base: "") } == .success(.decimal(Decimal(string: "-0.25")!)))
        // Dot segments are resolved, at the end of a path too; dots inside a name are not segments.
        let links = ["/a/../b": "https://example.com/b", "/a/b/..": "https://example.com/a/", "/a/.b/c..": "https://example.com/a/.b/c.."]
        for (link, resolved) in links {
            #expect(Array(link.utf8).withUnsafeBufferPointer { FieldType.url.convert($0, base: "https://example.com") }
                    == .success(.text(resolved)), "\(link)")
        }
    }

    @Test func windows1252PagesBecomeUTF8() {
        // "Café – 5€" in Windows-1252.
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x35, 0x80]
        #expect(String(decoding: PageDecoder.utf8(from: bytes), as: UTF8.self) == "Café – 5€")
        #expect(String(decoding: PageDecoder.utf8(from: bytes, declaredCharset: "ISO-8859-1"), as: UTF8.self) == "Café – 5€")
    }

    @Test func declaredCharsetWins() {
        // Valid UTF-8 ("é" is C3 A9), but the page says it is Latin-1: read it as the page says.
        let page = Array(#"<meta charset="iso-8859-1"><p>é</p>"#.utf8)
        #expect(String(decoding: PageDecoder.utf8(from: page), as: UTF8.self) == #"<meta charset="iso-8859-1"><p>Ã©</p>"#)
        let httpEquiv = Array(#"<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">"#.utf8)
        #expect(PageDecoder.metaCharset(in: httpEquiv) == "windows-1252")
        #expect(PageDecoder.utf8(from: [0xEF, 0xBB, 0xBF, 0x41]) == [0x41])
    }
}

@Suite struct CharsetAndEntityTests {
    @Test func everyHTML5NamedReference() {
        #expect(HTMLText.plain("&check; &NotEqualTilde; &Afr; &ThickSpace; &amp; &notanentity; &AMP;") == "✓ \u{2242}\u{338} \u{1D504} & &notanentity; &")
        #expect(HTMLEntities.decode("[&ThickSpace;]") == "[\u{205F}\u{200A}]")
        // Two names decode to more bytes than they take; a page of nothing else still fits.
        let many = String(repeating: "&nGt;", count: 1_000)
        #expect(HTMLText.plain(many) == String(repeating: "\u{226B}\u{20D2}", count: 1_000))
        #expect(HTMLEntities.decode("a &nLt; b") == "a \u{226A}\u{20D2} b")
    }

    @Test func anyCharsetTheCLibraryKnows() throws {
        let japanese = "<meta charset=\"shift_jis\"><h1>山田 太郎 ｱｲｳ ①</h1>"
        let sjis = try #require(japanese.data(using: .shiftJIS))
        #expect(String(decoding: PageDecoder.utf8(from: [UInt8](sjis)), as: UTF8.self) == japanese)
        // Polish in ISO-8859-2, named by the transport.
        let polish: [UInt8] = Array("<h1>".utf8) + [0xA3, 0x75, 0x6B, 0x61, 0x73, 0x7A, 0x20, 0xAF, 0xF3, 0xB3, 0xE6] + Array("</h1>".utf8)
        #expect(String(decoding: PageDecoder.utf8(from: polish, declaredCharset: "ISO-8859-2"), as: UTF8.self) == "<h1>Łukasz Żółć</h1>")
        // A byte the charset cannot read is U+FFFD; the rest is read.
        let broken: [UInt8] = Array("<meta charset=\"shift_jis\">".utf8) + [0x82, 0xA0, 0xFF, 0x82, 0xA2]
        #expect(String(decoding: PageDecoder.utf8(from: broken), as: UTF8.self) == "<meta charset=\"shift_jis\">あ\u{FFFD}い")
        // A charset nobody knows: read as Windows-1252, as before.
        #expect(String(decoding: PageDecoder.utf8(from: [0x43, 0x61, 0x66, 0xE9], declaredCharset: "x-made-up"), as: UTF8.self) == "Café")
    }
}

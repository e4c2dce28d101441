import Foundation
import Matching
@testable import Packs
import Testing

/// Numbers as pages outside the English-speaking world write them: thousands grouped
/// with a no-break or narrow no-break space (as a character or a reference), a minus as
/// typeset (U+2212, `&minus;`). Read whole, or not at all: never a tail (`001` of
/// `5 006 001`) nor a number without its sign.
@Suite struct GroupedNumberTests {
    @Test func spacesAndTypesetMinusesConvert() {
        #expect(FieldType.int.convert("5&#8239;006&#8239;001", base: "") == .success(.int(5_006_001)))
        #expect(FieldType.int.convert("12\u{00A0}345", base: "") == .success(.int(12_345)))
        #expect(FieldType.int.convert("1&thinsp;234", base: "") == .success(.int(1_234)))
        #expect(FieldType.int.convert("\u{2212}3", base: "") == .success(.int(-3)))
        #expect(FieldType.int.convert("&minus;42", base: "") == .success(.int(-42)))
        #expect(FieldType.decimal.convert("&minus;4.5", base: "") == .success(.decimal(Decimal(string: "-4.5")!)))
        #expect(FieldType.rounded.convert("\u{2212}1.2k", base: "") == .success(.int(-1_200)))
        // A narrow space between other digits groups no thousands: no number, never 1234.
        #expect(throws: ConversionError.self) { try FieldType.int.convert("12\u{202F}34", base: "").get() }
    }

    /// What a learned pattern ends with, after the label before it: the whole number or
    /// none, whichever way the page groups it.
    @Test func aSuggestedCaptureReadsTheWholeNumberOrNone() throws {
        func read(_ type: FieldType, _ page: String) throws -> String? {
            let pattern = try PCRE2Engine().compile("<b>" + type.kind.suggestedCaptures[0] + "</b>", options: PatternOptions())
            return try Array(page.utf8).withUnsafeBufferPointer { bytes in
                try pattern.firstMatch(in: bytes, from: 0)?.group(1).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
        }
        #expect(try read(.int, "Followers <b>5&#8239;006&#8239;001</b>") == "5&#8239;006&#8239;001")
        #expect(try read(.int, "Followers <b>5\u{202F}006\u{202F}001</b>") == "5\u{202F}006\u{202F}001")
        #expect(try read(.int, "Change <b>&minus;42</b>") == "&minus;42")
        #expect(try read(.decimal, "Change <b>\u{2212}4.5</b>") == "\u{2212}4.5")
        #expect(try read(.rounded, "Change <b>\u{2212}1.2k</b>") == "\u{2212}1.2k")
        // A unit a space apart (`12.3 K`), and no unit read from a word (`12 bananas`).
        #expect(try read(.rounded, "Views <b>12.3 K</b>") == "12.3 K")
        #expect(FieldType.rounded.convert("12.3&nbsp;K", base: "") == .success(.int(12_300)))
        #expect(try read(.rounded, "<b>12 bananas</b>") == nil)
        // A bound is no number: not 500 of `500+`, 4 of `4.5+` or 12 of `12k+`.
        func first(_ type: FieldType, _ page: String) throws -> String? {
            let pattern = try PCRE2Engine().compile("<b>" + type.kind.suggestedCaptures[0], options: PatternOptions())
            return try Array(page.utf8).withUnsafeBufferPointer { bytes in
                try pattern.firstMatch(in: bytes, from: 0)?.group(1).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
        }
        #expect(try [(FieldType.int, "500+"), (.decimal, "4.5+"), (.rounded, "12k+"), (.rounded, "1.2k+")].map { try first($0.0, "<b>\($0.1)</b>") } == [nil, nil, nil, nil])
        #expect(try [(FieldType.int, "500"), (.decimal, "4.5"), (.rounded, "12k")].map { try first($0.0, "<b>\($0.1)</b>") } == ["500", "4.5", "12k"])
        // A pattern that starts after the head (a page grouping with a mark it does not
        // read) finds no tail to read.
        let tail = try PCRE2Engine().compile(IntType.suggestedCaptures[0] + " followers", options: PatternOptions())
        let pages: [(String, String?)] = [("5&#8239;006 followers", "5&#8239;006"), ("5\u{00A0}006 followers", "5\u{00A0}006"),
                                          ("5,006 followers", "5,006"), ("5.006 followers", nil), ("5&#x2009;006 followers", nil),
                                          ("5&#8200;006 followers", nil), ("5\u{2007}006 followers", nil), ("5&ensp;006 followers", nil),
                                          ("Top&nbsp;3 followers", "3"), ("&#8239;006 followers", "006")]
        for (page, whole) in pages {
            let read = try Array(page.utf8).withUnsafeBufferPointer { bytes in
                try tail.firstMatch(in: bytes, from: 0)?.group(1).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
            #expect(read == whole, "\(page)")
        }
    }

    /// A count learned as one a site may round reads every way an int is written (a
    /// sign, spaces or an apostrophe between thousands) and never the head of a decimal
    /// (`1.11 posts`), whose point is a rounded count's only before its unit.
    @Test func aRoundedCaptureReadsEveryFormAnIntReads() throws {
        let pattern = try PCRE2Engine().compile(RoundedType.suggestedCaptures[0] + " posts", options: PatternOptions())
        func read(_ page: String) throws -> String? {
            try Array(page.utf8).withUnsafeBufferPointer { bytes in
                try pattern.firstMatch(in: bytes, from: 0)?.group(1).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
        }
        #expect(try ["+3 posts", "12&nbsp;345 posts", "5\u{202F}006\u{202F}001 posts", "1,204 posts", "6.2k posts", "1.11 posts"].map(read)
            == ["3", "12&nbsp;345", "5\u{202F}006\u{202F}001", "1,204", "6.2k", nil])
        #expect(["12&nbsp;345", "5\u{202F}006\u{202F}001", "1'234", "1&thinsp;234"].map { FieldType.rounded.convert($0, base: "") }
            == [.success(.int(12_345)), .success(.int(5_006_001)), .success(.int(1_234)), .success(.int(1_234))])
    }
}

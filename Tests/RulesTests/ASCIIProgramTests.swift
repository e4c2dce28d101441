import Foundation
import Testing
@testable import Rules

/// Patterns written in ASCII get a second, byte-wise program for all-ASCII subjects.
/// It is only an optimisation: every answer must be the one the UTF program gives.
@Suite struct ASCIIProgramTests {
    /// Every match from every start, every group, both programs: the same ranges.
    @Test func byteProgramsGiveTheUTFProgramsAnswersOnASCIIText() throws {
        let patterns = [
            #"<a\b[^>]*?\bid="[^"]*_Title"[^>]*>(.*?)</a>"#,
            #"Views:\s*(?:<[^>]+>\s*)*([\d,]+)"#,
            #"(\d{1,2}\s+[a-z]{3,9}\s+\d{4})"#,
            #"(?<=id=")([^"]{2,5})"#,
            #"\bK(\w)"#,
            #"(.)\1"#,
            #"s(.{3})$"#,
            #"(\h+)(\S)"#,
            #"[^<]{4}"#,
            #"(?i:STARS)|(kelvin)"#,
        ]
        let text = Array("""
            <tr id="r1"><a class="t" id="x_Title" href="/a">Stars &amp; KELVIN</a> Views: <b>12,345</b>
            Posted: 7 Mar 2012\tUpdated:  17   apr 2013 kk ss Ks sss$
            """.utf8)
        let engine = PCRE2Engine()
        for text in [text, Array(text.prefix(40)), []] {
            for source in patterns {
                let compiled = try engine.compile(source, options: PatternOptions())
                #expect((compiled as? PCRE2Pattern)?.hasASCIIProgram == true, "\(source)")
                let answers = try text.withUnsafeBufferPointer { subject throws(MatchFailure) -> [[PatternMatch?]] in
                    let scratch = MatchScratch()
                    return try (0...subject.count).map { start throws(MatchFailure) in
                        [try compiled.firstMatch(in: subject, from: start, asciiOnly: false, scratch: scratch),
                         try compiled.firstMatch(in: subject, from: start, asciiOnly: true, scratch: scratch)]
                    }
                }
                for (start, pair) in answers.enumerated() {
                    #expect(pair[0] == pair[1], "\(source) from \(start)")
                }
            }
        }
    }

    /// A caseless ASCII `k` matches U+212A KELVIN SIGN in UTF mode. A page holding one
    /// is not ASCII, so it must be matched with the UTF program.
    @Test func aKelvinSignInTheRowIsStillMatchedCaselessly() throws {
        let pack = try testPack("""
            [collections.rows]
            source = "page"
            row_start = '<tr>'

            [collections.rows.fields.bookmarks]
            type = "int"
            pattern = 'Bookmarked:\\s*(\\d+)'
            """)
        let html = "<tr>Bookmarked: 1 <tr>Bookmar\u{212A}ed: 2 <tr>Boo\u{212A}mar\u{212A}ed: 3 <tr>Bookmarked: 4"
        let record = extract(html, with: pack)
        #expect(record.collections["rows"]?.map { $0["bookmarks"] } == [.int(1), .int(2), .int(3), .int(4)])
        #expect(record.problems == [])
    }

    /// And the other way round: a pattern that holds a non-ASCII letter gets no byte
    /// program, because caselessly it matches ASCII text a byte program would miss.
    @Test func aPatternWithANonASCIILetterHasNoByteProgram() throws {
        let compiled = try PCRE2Engine().compile("\u{212A}elvin", options: PatternOptions())
        #expect((compiled as? PCRE2Pattern)?.hasASCIIProgram == false)
        let range = try Array("10 kelvin".utf8).withUnsafeBufferPointer { subject throws(MatchFailure) in
            try compiled.firstRange(of: 0, in: subject, from: 0, asciiOnly: true, scratch: MatchScratch())
        }
        #expect(range == 3..<9)
    }

    @Test func asciiBlocksFindEveryNonASCIIByteAtBlockEdges() {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 70 + 5)
        for offset in [64, 64 * 64, 64 * 70 + 4] { bytes[offset] = 0xC3 }
        bytes.withUnsafeBufferPointer { buffer in
            let blocks = ASCIIBlocks(buffer)
            #expect(blocks.isASCII(0..<64))
            #expect(!blocks.isASCII(0..<65))
            #expect(!blocks.isASCII(64..<65))
            // Blocks are 64 bytes: a region that only shares a block with a non-ASCII
            // byte counts as non-ASCII (the UTF program, never a wrong answer).
            #expect(!blocks.isASCII(65..<127))
            #expect(blocks.isASCII(128..<(64 * 64)))
            #expect(!blocks.isASCII(128..<(64 * 64 + 1)))
            #expect(blocks.isASCII((64 * 65)..<(64 * 70)))
            #expect(!blocks.isASCII((64 * 65)..<(64 * 70 + 5)))
            #expect(blocks.isASCII(10..<10))
        }
        [UInt8](repeating: 0x41, count: 200).withUnsafeBufferPointer { buffer in
            #expect(ASCIIBlocks(buffer).isASCII(0..<200))
        }
    }
}

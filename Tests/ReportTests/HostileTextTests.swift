import Foundation
import Lookup
import Report
import Testing
import TestSupport

/// What a hostile page's text can reach: never the terminal's control sequences, never
/// a live Markdown link to anything but http(s).
@Suite struct HostileTextTests {
    static let escape = "\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m\u{08}"

    func hostile() -> MemberRecord {
        var record = FixtureRecords.record("90210")
        var extracted = record.extracted
        extracted.fields["name"] = .text("Eve\(Self.escape)")
        extracted.collections["articles"]?[0]["title"] = .text("x](javascript:alert(1)) [y")
        extracted.collections["articles"]?[0]["url"] = .text("javascript:alert(1)")
        extracted.collections["articles"]?[1]["title"] = .text("<img src=x onerror=alert(1)>")
        record = MemberRecord(id: record.id, site: record.site, fetchedAt: record.fetchedAt, sources: record.sources,
                              extracted: extracted, errors: [MemberError(kind: .extraction, field: "articles[1].kind",
                                                                         message: "captured \"\u{1B}[31mAR\"")])
        return record
    }

    @Test(arguments: ["table", "markdown"])
    func noControlCharacterReachesATerminalFormat(_ name: String) throws {
        let format = Formats.named(name)
        for articles in [false, true] {
            let text = try format.text([hostile()], pack: FixtureRecords.pack, options: ReportOptions(rows: articles))
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } && !text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        }
        let table = try Formats.table.text([hostile()], pack: FixtureRecords.pack, options: ReportOptions())
        #expect(table.contains(#"Eve\u{1B}[2J\u{1B}]0;owned\u{7}\u{9B}31m\u{8} (90210)"#))
    }

    @Test func markdownLinksOnlyToHTTPAndEscapesBrackets() throws {
        let text = try Formats.markdown.text([hostile()], pack: FixtureRecords.pack, options: ReportOptions(rows: true))
        #expect(text.contains(#"| x\](javascript:alert(1)) \[y |"#))
        // Every bracket and angle bracket from the page is escaped: no link, no HTML.
        #expect(!text.replacingOccurrences(of: #"\]("#, with: "").contains("](javascript:"))
        #expect(text.contains(#"| [\<img src=x onerror=alert(1)\>](https://www.codeproject.com/Articles/5034900/Angstrom-units) |"#))
        #expect(!text.replacingOccurrences(of: #"\<"#, with: "").contains("<"))
    }
}

import Foundation
import Lookup
@testable import Report
import Packs
import Testing
import TestSupport

/// What a hostile page's text can reach: never the terminal's control sequences, never
/// a live Markdown link to anything but http(s).
@Suite struct HostileTextTests {
    static let escape = "\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m\u{08}"

    func hostile() -> MemberRecord {
        var record = FixtureRecords.record("90210")
        var extracted = record.extracted
        extracted.fields["name"] = FieldReading(.text("Eve\(Self.escape)"))
        extracted.collections["articles"]?[0]["title"] = .text("x](javascript:alert(1)) [y")
        extracted.collections["articles"]?[0]["url"] = .text("javascript:alert(1)")
        extracted.collections["articles"]?[1]["title"] = .text("<img src=x onerror=alert(1)>")
        record = MemberRecord(id: record.id, site: record.site, fetchedAt: record.fetchedAt, sources: record.sources.map { ($0.name, $0.url) },
                              extracted: extracted, errors: [MemberError(kind: .extraction, field: .cell(list: "articles", row: .index(1), field: "kind"),
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

    @Test func bidirectionalOverridesAreEscapedForTheTerminalAndInJSON() throws {
        var record = FixtureRecords.record("90210")
        var extracted = record.extracted
        // "Eve" then a right-to-left override: a terminal that orders text would show "exe.gnp".
        extracted.fields["name"] = FieldReading(.text("Eve\u{202E}gnp.exe\u{2066}x\u{2069}"))
        record = MemberRecord(id: record.id, site: record.site, fetchedAt: record.fetchedAt, sources: record.sources.map { ($0.name, $0.url) },
                              extracted: extracted, errors: [])
        let table = try Formats.table.text([record], pack: FixtureRecords.pack, options: ReportOptions())
        #expect(table.contains(#"Eve\u{202E}gnp.exe\u{2066}x\u{2069} (90210)"#))
        let json = try Formats.named("json").text([record], pack: FixtureRecords.pack, options: ReportOptions())
        #expect(json.contains(#""name": "Eve\u202egnp.exe\u2066x\u2069""#))
        #expect(TerminalText.escaped("\u{202A}\u{202D}\u{2067}\u{2068}") == #"\u{202A}\u{202D}\u{2067}\u{2068}"#)
        // Marks that only hint a direction (U+200E/200F) and other text are left alone.
        #expect(TerminalText.escaped("\u{200F}שלום") == "\u{200F}שלום")
    }

    /// CSV is data, kept as the page had it in a file or a pipe; shown on a terminal (a
    /// real pseudo-terminal here), its text from pages is escaped like a table's.
    @Test func csvOnATerminalIsEscapedAndInAFileIsNot() throws {
        let csv = Formats.named("csv")
        let inMemory = try csv.text([hostile()], pack: FixtureRecords.pack, options: ReportOptions())
        #expect(inMemory.contains("Eve\(Self.escape)"))

        let terminal = try PseudoTerminal()
        let writer = DescriptorWriter(descriptor: terminal.follower, name: "terminal")
        #expect(writer.isTerminal)
        let sink = csv.records(pack: FixtureRecords.pack, options: ReportOptions(), to: writer)
        try sink.write(hostile())
        try sink.finish()
        let shown = try terminal.readAll()
        #expect(shown.contains(#"Eve\u{1B}[2J\u{1B}]0;owned\u{7}\u{9B}31m\u{8}"#))
        #expect(!shown.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\r") || (0x7F...0x9F).contains($0.value) })
    }

    /// Styling is marks only a writer turns into sequences, in styled text alone: a page's
    /// own mark is escaped on a terminal and kept as it came in a file.
    @Test func stylingIsTheOnlySequenceAndAPageCannotForgeIt() throws {
        let style = TerminalStyle(enabled: true)
        // U+FDD0, a noncharacter (Swift takes it in no literal): the bold mark.
        let page = String(Character(Unicode.Scalar(0xFDD0)!)) + "\u{1B}[2J"
        let terminal = try PseudoTerminal()
        let writer = DescriptorWriter(descriptor: terminal.follower, name: "terminal")
        try writer.write(styled: style.bold("Eve") + " " + TerminalText.escaped(page) + "\n")
        try writer.write(page + "\n")
        try writer.flush()
        let expected = "\u{1B}[1mEve\u{1B}[0m " + #"\u{FDD0}\u{1B}[2J"# + "\r\n" + #"\u{FDD0}\u{1B}[2J"# + "\r\n"
        let shown = try terminal.readAll()
        #expect(shown == expected, "\(shown.debugDescription) is not \(expected.debugDescription)")
        let file = MemoryWriter()
        try file.write(page)
        try file.write(styled: style.dim("x"))
        #expect(String(decoding: file.bytes, as: UTF8.self) == page + "\u{1B}[2mx\u{1B}[0m")
    }
}

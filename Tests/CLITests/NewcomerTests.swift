import Foundation
import TestSupport
import Testing

/// What a new user meets on a first afternoon, said as a person needs it: which
/// capture an archived lookup used, a file that is no ID list, a typo in a site's or a
/// setting's name, a hint that fits what went wrong, a top row whose number stays in
/// view, every list of a member on the screen.
@Suite(.serialized) struct NewcomerTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-newcomer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A period without a capture of the page is read from the nearest one, and one
    /// line on stderr says so beside the record's capture times; a period with its
    /// captures says nothing.
    @Test func asOfSaysWhenTheCaptureReadLiesOutsideThePeriod() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path])
        func asOf(_ period: String) throws -> CommandResult {
            try run("cpvanity", ["member", "48201", "--as-of", period, "--archive", server.baseURL, "--archive-rate", "50", "--no-store",
                                 "--json", "archived_at", "--compact"])
        }
        let later = try asOf("2030")
        #expect(later.status == 0)
        #expect(later.stdout == #"[{"archived_at":{"articles":"2019-05-20T10:10:10Z","profile":"2019-05-20T10:10:10Z"}}]"# + "\n")
        #expect(later.stderr == "cpvanity: warning: member 48201: 2030: the nearest capture is from 2019-05-20; the archive has none of the pages in 2030\n")
        // 2017's captures are the site's 403s: the page is read from April 2016's.
        let errors = try asOf("2017")
        #expect(errors.stderr == "cpvanity: warning: member 48201: 2017: the nearest captures are from 2016-04-11 (articles) and 2016-04-10 (profile); the archive has none of the pages in 2017\n")
        let within = try asOf("2014-01")
        #expect(within.status == 0 && within.stderr.isEmpty, "\(within.stderr)")
    }

    /// A file that is no text is one error naming it (exit 2), not thousands of
    /// rejected lines, and nothing is written; Notepad's UTF-16 is text.
    @Test func anIDListThatIsNotTextIsOneError() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array("48201\n".utf8)).write(to: URL(fileURLWithPath: path("binary.ids")))
        let binary = try run("cpvanity", ["batch", "--ids", path("binary.ids"), "--output", path("out.csv"), "--no-store"])
        #expect(binary.status == 2)
        #expect(binary.stderr == "cpvanity: \(path("binary.ids")) is not a text file (a NUL byte at byte 8); an ID list is text: one ID a line, or a CSV column\n")
        try Data(Array("48201\n".utf8) + [0xC3, 0x28] + Array("7315\n".utf8)).write(to: URL(fileURLWithPath: path("latin.ids")))
        let latin = try run("cpvanity", ["batch", "--ids", path("latin.ids"), "--output", path("out.csv"), "--no-store"])
        #expect(latin.status == 2)
        #expect(latin.stderr.contains("\(path("latin.ids")) is not UTF-8 text (byte 7 is 0xC3)"), "\(latin.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("out.csv")))
        let server = try FixtureServer()
        try Data([0xFF, 0xFE] + Array("48201\n7315\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: path("notepad.ids")))
        let notepad = try run("cpvanity", ["batch", "--ids", path("notepad.ids"), "--base-url", server.baseURL, "--rate", "0", "--no-store",
                                           "--format", "csv", "--columns", "id,name"])
        #expect(notepad.status == 0, "\(notepad.stderr)")
        #expect(notepad.stdout == "id,name\r\n48201,Maren Okafor\r\n7315,Tomasz Wirth\r\n")
    }

    /// A site's or a setting's name spelt wrong gets the name meant.
    @Test func namesSpeltWrongGetTheNameMeant() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let site = try run("cpvanity", ["member", "31415", "--site", "stackoverfow"])
        #expect(site.status == 2)
        #expect(site.stderr.contains("no site pack named 'stackoverfow' in "), "\(site.stderr)")
        #expect(site.stderr.hasSuffix(" (did you mean stackoverflow?); available: codeproject, github, hackernews, stackoverflow\n"), "\(site.stderr)")
        try "concurency = 4\n".write(toFile: path("config.toml"), atomically: true, encoding: .utf8)
        let key = try run("cpvanity", ["config", "show"], environment: ["CPVANITY_CONFIG": path("config.toml")])
        #expect(key.status == 2)
        #expect(key.stderr.contains("concurency is not a setting (did you mean concurrency?)"), "\(key.stderr)")
        try "[bach]\nrate = 1\n".write(toFile: path("config.toml"), atomically: true, encoding: .utf8)
        let table = try run("cpvanity", ["config", "show"], environment: ["CPVANITY_CONFIG": path("config.toml")])
        #expect(table.stderr.contains("[bach] is not a command (did you mean batch?)"), "\(table.stderr)")
        let variable = try run("cpvanity", ["config", "show"], environment: ["CPVANITY_CONCURENCY": "4"])
        #expect(variable.status == 2)
        #expect(variable.stderr.contains("CPVANITY_CONCURENCY is not a setting (did you mean CPVANITY_CONCURRENCY?)"), "\(variable.stderr)")
    }

    /// The archive's hint names only the settings that answer what went wrong: a
    /// member whose pages were captured too far apart is offered --max-skew.
    @Test func theArchivesHintFitsWhatWentWrong() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path])
        // January 2014's captures of the two pages are two days apart.
        let skewed = try run("cpvanity", ["member", "48201", "--as-of", "2014-01", "--max-skew", "1h", "--archive", server.baseURL,
                                          "--archive-rate", "50", "--no-store", "--format", "json"])
        #expect(skewed.status == 1)
        #expect(skewed.stderr.hasSuffix("cpvanity: hint: another archive (--archive) may have the pages; --max-skew allows pages captured further apart\n"),
                "\(skewed.stderr)")
    }

    /// A top row cut to the terminal's width keeps the number that ranked it.
    @Test func aTopRowKeepsItsNumberOnANarrowTerminal() throws {
        let server = try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        for columns in ["80", "60"] {
            let result = try runOnTerminal("cpvanity", ["member", "ada_l", "--site", "hackernews", "--base-url", server.baseURL, "--rate", "0",
                                                        "--no-store"], environment: ["NO_COLOR": "1", "COLUMNS": columns])
            let top = result.stdout.components(separatedBy: "\r\n").first { $0.hasPrefix("Top submission ") } ?? ""
            #expect(top.hasSuffix("… (Points 1,204)"), "\(columns) columns: \(top)")
            #expect(top.count <= Int(columns) ?? 0, "\(columns) columns: \(top)")
        }
    }

    /// A member's lists besides the report's are on the screen too, each with its
    /// count: Stack Overflow's communities (rounded as the page shows them) and positions.
    @Test func everyListOfAMemberIsOnTheScreen() throws {
        let server = try FixtureServer(["--site", "stackoverflow"], root: repositoryRoot.appendingPathComponent("Fixtures/stackoverflow-eras").path)
        let result = try runOnTerminal("cpvanity", ["member", "57721", "--site", "stackoverflow", "--base-url", server.baseURL, "--rate", "0",
                                                    "--no-store"], environment: ["NO_COLOR": "1"])
        let screen = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(screen.contains("\nCommunities (4)\n  Site"), "\(screen)")
        #expect(screen.contains("\nPositions ("), "\(screen)")
    }
}

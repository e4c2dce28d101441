import Foundation
import TestSupport
import Testing

/// A member whose pages carry every kind of terminal control there is, looked up by
/// every command that can print to a terminal (stdout on a real pseudo-terminal):
/// nothing but text and cpvanity's own styling reaches the screen.
@Suite(.serialized) struct HostileTerminalTests {
    /// The eleven payloads of the fault campaign (and the entity-encoded C1, which HTML
    /// reads as windows-1252's '›'): raw and entity-encoded ESC, CSI and OSC, C1, BEL,
    /// BS, CR, an OSC 8 link and bidirectional overrides.
    static let payloads = [
        "\u{1B}[31m", "\u{1B}]0;owned\u{07}", "\u{9B}2J", "\u{07}", "\u{08}\u{08}", "\r",
        "\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\", "\u{202E}exe.txt",
        "&#27;[5m", "&#x1b;]0;owned&#7;", "&#x202e;gnp", "&#x9b;",
    ]
    static let hostile = payloads.joined(separator: "|")

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Member 66666: 48201's pages with the payloads in the name and the top article's
    /// title; `version` 2 changes both (a refresh's change lines carry them).
    func pages(version: Int) throws -> String {
        let root = path("site-\(version)")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for source in ["profile", "articles"] {
            var page = try String(contentsOfFile: "\(codeprojectFixtures)/\(source)-48201.html", encoding: .utf8)
            page = page.replacingOccurrences(of: "48201", with: "66666")
                .replacingOccurrences(of: "Maren Okafor", with: "Eve\(version)\(Self.hostile)")
                .replacingOccurrences(of: ">Cache Heap Shader<", with: ">Top\(version)\(Self.hostile)<")
            try page.write(toFile: "\(root)/\(source)-66666.html", atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Nothing a terminal acts on: no C0 but line ends and tabs, no DEL or C1, no
    /// bidirectional control; with colour, only cpvanity's own four sequences.
    func expectShownOnly(_ screen: String, _ what: String, color: Bool = false) {
        var text = screen
        if color { for sequence in ["\u{1B}[1m", "\u{1B}[2m", "\u{1B}[31m", "\u{1B}[0m"] { text = text.replacingOccurrences(of: sequence, with: "") } }
        let obeyed = text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && !["\n", "\r", "\t"].contains(scalar)) || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
        #expect(obeyed.isEmpty, "\(what): \(obeyed.map { String($0.value, radix: 16) }) reached the terminal:\n\(screen.debugDescription)")
        // A carriage return on its own (not the terminal's own before a line feed) would overwrite the line.
        #expect(!text.replacingOccurrences(of: "\r\n", with: "\n").contains("\r"), "\(what): a bare CR reached the terminal")
    }

    @Test func noPayloadReachesTheTerminalThroughAnyCommand() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try FixtureServer([], root: try pages(version: 1))
        let db = path("history.sqlite")
        let env = ["NO_COLOR": "1", "CPVANITY_DB": db]
        let site = ["--base-url", first.baseURL, "--rate", "0"]
        try "66666\n".write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        var runs: [(String, [String], [String: String], Bool)] = [
            ("member table", ["member", "66666"] + site, env, false),
            ("member colour", ["member", "66666", "--color", "always"] + site, ["CPVANITY_DB": db], true),
            ("member markdown", ["member", "66666", "--format", "markdown"] + site, env, false),
            ("member csv", ["member", "66666", "--format", "csv"] + site, env, false),
            ("member json", ["member", "66666", "--format", "json"] + site, env, false),
            ("rows", ["rows", "66666"] + site, env, false),
            ("batch table", ["batch", "--ids", path("ids.txt"), "--format", "table"] + site, env, false),
            ("extract", ["extract", "\(try pages(version: 1))/profile-66666.html", "\(try pages(version: 1))/articles-66666.html"], env, false),
            ("live check", ["patterns", "check", "--live", "66666"] + site, env, false),
            ("report", ["report", "66666"] + site, env, false),
            ("track add", ["track", "add", "66666", "--label", "x\(Self.payloads[0])"], env, false),
        ]
        for (what, arguments, environment, color) in runs {
            let result = try runOnTerminal("cpvanity", arguments, environment: environment)
            expectShownOnly(result.stdout, what, color: color)
            expectShownOnly(result.stderr, what + " (stderr)")
        }
        first.stop()
        let second = try FixtureServer([], root: try pages(version: 2))
        let later = ["--base-url", second.baseURL, "--rate", "0"]
        runs = [
            ("refresh", ["refresh"] + later, env, false),
            ("history", ["history", "66666", "--rows"], env, false),
            ("history table", ["history", "66666"], env, false),
            ("track list", ["track", "list"], env, false),
        ]
        for (what, arguments, environment, color) in runs {
            let result = try runOnTerminal("cpvanity", arguments, environment: environment)
            expectShownOnly(result.stdout, what, color: color)
            expectShownOnly(result.stderr, what + " (stderr)")
        }
        // JSON on a terminal is still JSON, every payload kept (escaped as JSON escapes).
        let json = try runOnTerminal("cpvanity", ["member", "66666", "--format", "json"] + later, environment: env).stdout
        let parsed = try JSONSerialization.jsonObject(with: Data(json.replacingOccurrences(of: "\r\n", with: "\n").utf8)) as? [[String: Any]]
        #expect(parsed?.first?["name"] as? String == "Eve2" + Self.payloads.prefix(8).joined(separator: "|").replacingOccurrences(of: "\r", with: " ")
                    + "|\u{1B}[5m|\u{1B}]0;owned\u{07}|\u{202E}gnp|\u{203A}")
        // The table shows the payloads, escaped: the top article's title among them (a CR
        // in a page's text is white space, read as one space).
        let table = try runOnTerminal("cpvanity", ["member", "66666"] + later, environment: env).stdout
        #expect(table.contains(#"Eve2\u{1B}[31m|\u{1B}]0;owned\u{7}|\u{9B}2J|\u{7}|\u{8}\u{8}| |\u{1B}]8;;https://evil.example/\u{1B}\click"#), "\(table)")
        #expect(table.contains(#"Top2\u{1B}[31m|"#), "\(table)")
    }

    @Test func feedItemsReachTheTerminalEscaped() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // XML allows neither ESC nor BEL; C1, CR and bidirectional controls it does.
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>t</title><link>https://www.codeproject.com/</link><description>d</description>
            <item><title>A\u{9B}2J&#x202E;exe&#13;B</title><link>https://www.codeproject.com/a</link><pubDate>Tue, 17 Nov 2026 09:30:00 GMT</pubDate>
            <description>x\u{202E}y</description></item></channel></rss>
            """
        try feed.write(toFile: path("feed.xml"), atomically: true, encoding: .utf8)
        for format in ["table", "markdown", "csv"] {
            let result = try runOnTerminal("cpvanity", ["feed", "--file", path("feed.xml"), "--format", format], environment: ["NO_COLOR": "1"])
            #expect(result.status == 0, "\(result.stderr)")
            expectShownOnly(result.stdout, "feed \(format)")
            #expect(result.stdout.contains(#"u{9B}2J"#) && result.stdout.contains(#"u{202E}exe"#), "\(result.stdout)")
        }
    }
}

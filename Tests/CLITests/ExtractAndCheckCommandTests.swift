import Foundation
import TestSupport
import Testing

@Suite struct ExtractAndCheckCommandTests {
    let fixtures = repositoryRoot.appendingPathComponent("Fixtures/codeproject").path

    @Test func extractPrintsTheRecordAsJSON() throws {
        let result = try run("cpvanity", ["extract", "\(fixtures)/profile-7315.html"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Tomasz Wirth")
        #expect((object["reputation"] as? [String: Any])?["total"] as? Int == 2415)
        #expect((object["errors"] as? [Any])?.count == 0)
    }

    @Test func extractReadsStandardInputWithASource() throws {
        let page = try Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/articles-90210.html"))
        let result = try run("cpvanity", ["extract", "--source", "articles", "--compact", "-"], stdin: page)
        #expect(result.status == 0)
        // The keys every record begins with (no ID: standard input has no file name, and
        // no --id), then the pack's order: the name, counts, ratings and the articles.
        #expect(result.stdout.hasPrefix(#"{"schema":"cpvanity.member/2","id":null,"site":"codeproject","fetched_at":""#))
        #expect(result.stdout.contains(#"Z","sources":{"articles":"<stdin>"},"name":"Zoë O'Brien-Ångström","counts":{"articles":2,"tech_blogs":0,"tips":1},"#))
        #expect(result.stdout.hasSuffix("}\n"))
        #expect(!result.stdout.dropLast().contains("\n"))
    }

    @Test func extractRefusesWhatItCannotUse() throws {
        let stdinWithoutSource = try run("cpvanity", ["extract", "-"], stdin: Data())
        #expect(stdinWithoutSource.status == 64)
        #expect(stdinWithoutSource.stderr.contains("needs --source"))

        let missingFile = try run("cpvanity", ["extract", "--source", "profile", "/nonexistent/page.html"])
        #expect(missingFile.status == 2)
        #expect(missingFile.stderr == "cpvanity: cannot read /nonexistent/page.html: no such file\n")
        #expect(missingFile.stdout == "")

        let unknownSource = try run("cpvanity", ["extract", "\(fixtures)/expected-7315.json"])
        #expect(unknownSource.status == 2)
        #expect(unknownSource.stderr.contains("cannot tell which source"))
    }

    @Test func extractOfAPageMissingARequiredFieldExitsOne() throws {
        let result = try run("cpvanity", ["extract", "--source", "profile", "-"], stdin: Data("<html>nothing here</html>".utf8))
        #expect(result.status == 1)
        // Every field the profile should hold is unknown, and says so; none reads 0.
        let lines = result.stderr.split(separator: "\n")
        // No ID given and none in a file name: said first, not left as a silent null.
        #expect(lines.first == "cpvanity: <stdin>: the record's id is null: no member ID was given for it, and its file name holds none that is a codeproject ID (name the page <source>-<id>.html, or give the ID)")
        let warnings = lines.dropFirst()
        #expect(warnings.count == 18)
        let first = try #require(warnings.first)
        #expect(first.hasPrefix("cpvanity: warning: name: not found: none of its 3 patterns matched (tried '\\bid\\s*=\\s*"))
        #expect(first.hasSuffix("') (profile page <stdin>)"))
        #expect(warnings.allSatisfy { $0.contains(": not found: ") })
        #expect(result.stdout.contains(#""field": "name""#))
        #expect(result.stdout.contains(#""total": null"#))
        #expect(!result.stdout.contains(#": 0,"#) && !result.stdout.contains(#""none""#))
    }

    @Test func patternsCheckPassesOnTheBundledFixtures() throws {
        let result = try run("cpvanity", ["patterns", "check"])
        #expect(result.status == 0)
        // 149 fields and rows, and the nine statistics of four members, worked out apart (scripts/make-fixtures).
        #expect(result.stdout.contains("\nPASS: 185 ok over 5 fixtures\n"))
        // The markup of other eras, from the same pack: 2008, ctl01_, several classes,
        // singular labels, [Technical Blog], entities, a page with no reputation table.
        #expect(result.stdout.contains("fixtures: \(repositoryRoot.path)/Fixtures/codeproject-eras\n"))
        #expect(result.stdout.hasSuffix("\nPASS: 204 ok over 6 fixtures\n"))
    }

    /// Member 90210's saved pages in a directory of their own, with its expected record
    /// as `edit` changes it; removed after `body`.
    func checkWithExpectation(_ edit: (String) throws -> String, _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["profile-90210.html", "articles-90210.html"] {
            try FileManager.default.copyItem(atPath: "\(fixtures)/\(name)", toPath: directory.appendingPathComponent(name).path)
        }
        let expected = try edit(try String(contentsOfFile: "\(fixtures)/expected-90210.json", encoding: .utf8))
        try expected.write(to: directory.appendingPathComponent("expected-90210.json"), atomically: true, encoding: .utf8)
        try body(directory)
    }

    @Test func patternsCheckFailsOnAMismatch() throws {
        try checkWithExpectation({ $0.replacingOccurrences(of: "\"views\": 911", with: "\"views\": 912") }) { directory in
        let result = try run("cpvanity", ["patterns", "check", "--fixtures", directory.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  90210 articles[2].views: expected 912, got 911\n"))
        // The same check as rows, in any format the tool writes: the grid is for people.
        let rows = try run("cpvanity", ["patterns", "check", "--fixtures", directory.path, "--format", "ndjson"])
        #expect(rows.status == 1)
        let lines = rows.stdout.split(separator: "\n")
        #expect(lines.contains(#"{"fixtures":"\#(directory.path)","member":"90210","field":"articles[].views","result":"MISMATCH","expected":"[2] 912","got":"[2] 911"}"#),
                "\(rows.stdout.prefix(600))")
        #expect(lines.contains { $0.contains(#""member":"90210","field":"name","result":"ok""#) })
        }
    }

    /// A pack's statistics are checked too, where the expected record has them.
    @Test func patternsCheckComparesStatistics() throws {
        var views = ""
        try checkWithExpectation({ original in
            views = try #require(original.firstMatch(of: #/"total_views": (\d+)/#)?.output.1).description
            return original.replacingOccurrences(of: "\"total_views\": \(views)", with: "\"total_views\": \(Int(views)! + 1)")
        }) { directory in
            let result = try run("cpvanity", ["patterns", "check", "--fixtures", directory.path])
            #expect(result.status == 1)
            #expect(result.stdout.contains("  90210 stats.total_views: expected \(Int(views)! + 1), got \(views)\n"), "\(result.stdout)")
        }
    }

    @Test func brokenPackIsReportedWithFileAndField() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try String(contentsOfFile: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path, encoding: .utf8)
            .replacingOccurrences(of: #"pattern = '\bTips?(?:"#, with: #"pattern = '\bTips?((?:"#)
        let file = directory.appendingPathComponent("codeproject.toml").path
        try pack.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run("cpvanity", ["patterns", "check", "--patterns", directory.path, "--fixtures", fixtures])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpvanity: \(file): 1 problem in the site pack\n  fields.\"counts.tips\".pattern: bad regex at offset "))
        #expect(result.stderr.contains(": missing closing parenthesis\n"))
        let fromEnvironment = try run("cpvanity", ["patterns", "check", "--fixtures", fixtures], environment: ["CPVANITY_PATTERNS": directory.path])
        #expect(fromEnvironment.status == 2)
    }

    /// The pack's total reputation captured by digits alone reads 1,204,873 as 1: the
    /// check names the capture, with its line, and fails; any other use of the pack
    /// warns of it.
    @Test func aCaptureTooNarrowForItsTypeFailsTheCheckAndWarnsAtLoad() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-narrow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOfFile: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path, encoding: .utf8)
        let pack = original.replacingOccurrences(of: #"{0,80}?(\d[\d,]*(?:(?:\s|\x{a0}|&nbsp;|&#160;)\d{3}(?![\d,]))*)'"#, with: #"{0,80}?(\d+)'"#)
        try #require(pack != original)
        let file = directory.appendingPathComponent("codeproject.toml").path
        try pack.write(toFile: file, atomically: true, encoding: .utf8)
        let line = try #require(pack.components(separatedBy: "\n").firstIndex { $0.hasSuffix(#"{0,80}?(\d+)'"#) }) + 1
        let check = try run("cpvanity", ["patterns", "check", "--patterns", directory.path, "--fixtures", fixtures])
        #expect(check.status == 1)
        // 1,204,873 reads as 1: the fixtures disagree, and the capture is named.
        #expect(check.stdout.contains("  48201 reputation.total: expected 1204873, got 1\n"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("""

            captures too narrow for their type (\(file)):
              line \(line): fields."reputation.total".pattern: its capture (\\d+) cannot hold "1,204" (thousands separators), which an int reads: a page that writes the value so is read wrong or not at all; widen the capture

            FAIL: 1 capture cannot hold what its type reads; widen it (docs/patterns.md, "Types")

            """), "\(check.stdout)")
        #expect(check.stderr == "")
        let extract = try run("cpvanity", ["extract", "--patterns", directory.path, "\(fixtures)/profile-7315.html"])
        #expect(extract.stderr.hasPrefix("cpvanity: warning: \(file): line \(line): fields.\"reputation.total\".pattern: its capture (\\d+) cannot hold"), "\(extract.stderr)")
    }

    /// A pack written before `absent`: each `optional` is named, with what to write instead.
    @Test func anOldPackSayingOptionalIsToldWhatToWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-optional-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            [site]
            name = "old"
            base_url = "https://old.example/"
            id = '[0-9]+'
            [sources.profile]
            url = '{base}/u/{id}'
            [fields.avatar]
            source = "profile"
            optional = true
            pattern = '<img class="avatar" src="([^"]+)"'
            [collections.posts]
            source = "profile"
            optional = true
            row = '<li>(.*?)</li>'
            [collections.posts.fields.title]
            pattern = '(.*)'
            """.write(toFile: directory.appendingPathComponent("old.toml").path, atomically: true, encoding: .utf8)
        let result = try run("cpvanity", ["patterns", "check", "--patterns", directory.path, "--fixtures", fixtures])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "cpvanity: \(directory.path)/old.toml: 2 problems in the site pack", "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("  fields.avatar.optional: is no longer read: optional made a value absent wherever its pattern missed") && $0.contains("absent = '<its words or markup for none>'") })
        #expect(lines.contains { $0.hasPrefix("  collections.posts.optional: is no longer read: optional made a list empty wherever its section was not found") })
    }

    @Test func unknownSiteListsTheKnownOnes() throws {
        let result = try run("cpvanity", ["patterns", "check", "--site", "stackexchange"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no site pack named 'stackexchange'"))
        #expect(result.stderr.contains("; available: codeproject, github, hackernews, stackoverflow\n"), "\(result.stderr)")
    }
}

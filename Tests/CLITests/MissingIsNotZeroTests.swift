import Foundation
import TestSupport
import Testing

/// A pack whose pattern stops matching (the site renamed an element): the value is
/// unknown, never 0, the lookup says why and exits 1, and the history records no drop.
@Suite(.serialized) struct MissingIsNotZeroTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-missing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The bundled pack with the total's element id renamed, in its own directory.
    func brokenPack() throws -> String {
        let packs = directory.appendingPathComponent("packs").path
        try FileManager.default.createDirectory(atPath: packs, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path, encoding: .utf8)
        #expect(text.contains(#"Prof_TotalRep["\x27]"#))
        try text.replacingOccurrences(of: #"Prof_TotalRep["\x27]"#, with: #"Prof_TotalScore["\x27]"#)
            .write(toFile: "\(packs)/codeproject.toml", atomically: true, encoding: .utf8)
        return packs
    }

    @Test func aPatternThatStopsMatchingIsNullWithAProblemAndExitsOne() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let result = try run("cpvanity", ["member", "48201", "--patterns", try brokenPack(), "--base-url", server.baseURL,
                                          "--rate", "0", "--no-store", "--format", "json"])
        #expect(result.status == 1)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let record = try #require(records.first)
        let reputation = try #require(record["reputation"] as? [String: Any])
        #expect(reputation["total"] is NSNull)
        // The rest of the record is still read.
        #expect(reputation["level"] as? String == "platinum")
        #expect((reputation["author"] as? [String: Any])?["points"] as? Int == 1_003_211)
        let errors = try #require(record["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["kind"] as? String == "extraction")
        #expect(errors.first?["field"] as? String == "reputation.total")
        #expect(errors.first?["source"] as? String == "profile")
        #expect((errors.first?["message"] as? String)?.hasPrefix("not found: its pattern did not match (tried '") == true)
    }

    @Test func refreshRecordsNoDropWhenAPatternStopsMatching() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let env = ["CPVANITY_DB": directory.appendingPathComponent("history.sqlite").path]
        let fetch = ["--base-url", server.baseURL, "--rate", "0"]
        #expect(try run("cpvanity", ["track", "add", "48201"], environment: env).status == 0)
        #expect(try run("cpvanity", ["refresh"] + fetch, environment: env).status == 0)

        let broken = try run("cpvanity", ["refresh", "--patterns", try brokenPack(), "--format", "table"] + fetch, environment: env)
        #expect(broken.status == 1)
        // Said once, on stderr; no change is printed (none is computed against an unknown).
        #expect(broken.stderr.hasPrefix("cpvanity: member 48201: extraction reputation.total: not found: "))
        #expect(broken.stdout == "")

        // The history still holds one lookup's value, and no change to 0.
        let history = try run("cpvanity", ["history", "48201", "--field", "reputation.total", "--format", "csv"], environment: env)
        #expect(history.status == 0)
        let lines = history.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.count == 2)
        #expect(lines.last?.hasSuffix(",1204873") == true)
    }
}

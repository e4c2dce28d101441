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

    /// A value the last lookup had that this one cannot read is news: a change to
    /// unknown, a warning, and a non-zero exit; never a drop to 0, never "0 changed".
    @Test func refreshSaysAValueItLostAndNeverDropsIt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let env = ["CPVANITY_DB": directory.appendingPathComponent("history.sqlite").path]
        let fetch = ["--base-url", server.baseURL, "--rate", "0"]
        #expect(try run("cpvanity", ["track", "add", "48201"], environment: env).status == 0)
        #expect(try run("cpvanity", ["refresh"] + fetch, environment: env).status == 0)

        let broken = try run("cpvanity", ["refresh", "--patterns", try brokenPack(), "--format", "csv"] + fetch, environment: env)
        #expect(broken.status == 1)
        let lines = broken.stdout.components(separatedBy: "\r\n")
        #expect(lines.first == "id,name,field,label,value,previous,delta,since")
        #expect(lines.dropFirst().first?.hasPrefix("48201,Maren Okafor,reputation.total,Reputation,unknown: not found on the page,1204873,\"was 1,204,873\",") == true,
                "\(broken.stdout)")
        #expect(broken.stderr.contains("cpvanity: warning: member 48201: Reputation was 1,204,873 at the last lookup ("), "\(broken.stderr)")
        #expect(broken.stderr.hasSuffix("0 ok · 1 failed · 1 changed\n"), "\(broken.stderr)")

        // The history holds the value, then unknown: never a drop to 0.
        let history = try run("cpvanity", ["history", "48201", "--field", "reputation.total", "--format", "csv"], environment: env)
        #expect(history.status == 0)
        let points = history.stdout.split(whereSeparator: \.isNewline)
        #expect(points.count == 3)
        #expect(points[1].hasSuffix(",1204873") == true)
        #expect(points[2].hasSuffix(",") == true)
    }

    /// The replica's label renamed (`--change-markup`), as a redesign does: refresh says
    /// the loss and exits 1, where it once said "0 changed" and exited 0.
    @Test func aRenamedLabelOnTheSiteIsALossRefreshSays() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let env = ["CPVANITY_DB": directory.appendingPathComponent("history.sqlite").path]
        #expect(try run("cpvanity", ["track", "add", "48201"], environment: env).status == 0)
        let before = try FixtureServer()
        #expect(try run("cpvanity", ["refresh", "--base-url", before.baseURL, "--rate", "0"], environment: env).status == 0)
        let renamed = try FixtureServer(["--change-markup", "Average article rating:=Mean rating of articles:"])
        let after = try run("cpvanity", ["refresh", "--base-url", renamed.baseURL, "--rate", "0", "--format", "table"], environment: ["COLUMNS": "120"].merging(env) { $1 })
        #expect(after.status == 1)
        #expect(after.stdout.contains("Average article rating  unknown: not found on the page  was 4.66"), "\(after.stdout)")
        #expect(after.stderr.contains("cpvanity: warning: member 48201: Average article rating was 4.66 at the last lookup ("))
        #expect(!after.stderr.contains("0 changed"))
    }

    /// A member read with a value unknown (1842's old list shows no downloads) is worth
    /// its row: a batch of only such members replaces last night's file with them, where
    /// a night the site was down leaves it as it was.
    @Test func aBatchOfMembersWithUnknownValuesIsStillWritten() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let file = directory.appendingPathComponent("members.csv").path
        try "id,name\r\n1842,yesterday\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--output", file,
                                          "--columns", "id,name,stats.total_views,stats.total_downloads"], stdin: Data("1842\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("batch: 1 of 1 member · 0 ok · 1 failed · "), "\(result.stderr)")
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n")
        // Its views read, its downloads unknown: a blank, never 0.
        #expect(lines == ["id,name,stats.total_views,stats.total_downloads", "1842,René Kowalczyk,25891,", ""])
    }
}

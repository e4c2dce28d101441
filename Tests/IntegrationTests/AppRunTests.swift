import App
import Foundation
import Packs
import Report
import Testing
import TestSupport

/// Commands run through App as the command line runs them, their standard output
/// captured (`Output.capturing`) and their outcome returned: `member`, `batch`,
/// `history` and `extract`, against the replica on loopback, no process started.
@Suite struct AppRunTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func lookups(_ server: FixtureServer, history: String? = nil) -> LookupSettings {
        var fetch = FetchSettings()
        fetch.baseURL = server.baseURL
        fetch.rate = 0
        fetch.budgetDirectory = nil
        return LookupSettings(pack: FixtureRecords.pack, fetch: fetch, history: history.map { HistorySettings(path: $0) })
    }

    func output(_ format: String, columns: [String]? = nil) throws -> OutputSettings {
        OutputSettings(format: try #require(RecordFormats.named(format)), options: ReportOptions(columns: columns))
    }

    /// What `body` wrote to standard output, and its outcome.
    func captured(_ body: () async throws -> RunOutcome) async throws -> (text: String, outcome: RunOutcome) {
        let writer = MemoryWriter()
        let outcome = try await Output.capturing(into: writer, body)
        return (String(decoding: writer.bytes, as: UTF8.self), outcome)
    }

    @Test func member() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        defer { server.stop() }
        let settings = lookups(server)
        let (text, outcome) = try await captured {
            try await MemberRun(settings: settings, output: try output("csv", columns: ["id", "name", "reputation.total", "stats.total_views"])).run(["48201", "7315"])
        }
        #expect(text == "id,name,reputation.total,stats.total_views\r\n48201,Maren Okafor,1204873,5968783\r\n7315,Tomasz Wirth,2415,0\r\n")
        #expect(outcome.status == nil)
        let missing = try await captured {
            try await MemberRun(settings: settings, output: try output("csv", columns: ["id", "error"])).run(["99999999"])
        }
        #expect(missing.text.hasPrefix("id,error\r\n99999999,not_found"), "\(missing.text)")
        #expect(missing.outcome.status == .partialFailure)
    }

    @Test func batch() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        defer { server.stop() }
        let ids = directory.appendingPathComponent("ids.txt").path
        try "90210\n48201\n".write(toFile: ids, atomically: true, encoding: .utf8)
        let settings = BatchSettings(ids: .file(ids), output: try output("ndjson"))
        let (text, outcome) = try await captured { try await BatchRun(lookups: lookups(server), settings: settings).run() }
        let records = try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(records.map { $0["id"] as? String } == ["90210", "48201"])
        #expect(records.map { $0["name"] as? String } == ["Zoë O'Brien-Ångström", "Maren Okafor"])
        #expect(outcome.status == nil)
        #expect(outcome.members.map { [$0.total, $0.ok, $0.failed] } == [2, 2, 0])
    }

    @Test func history() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        defer { server.stop() }
        let db = directory.appendingPathComponent("history.sqlite").path
        _ = try await captured { try await MemberRun(settings: lookups(server, history: db), output: try output("json")).run(["7315"]) }
        let run = HistoryRun(pack: FixtureRecords.pack, history: HistorySettings(path: db), output: try output("csv"),
                             rows: false, fields: ["reputation.total"], since: nil)
        let (text, outcome) = try await captured { try await run.run(["7315"]) }
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.first == "id,time,last_seen,reputation.total", "\(text)")
        #expect(lines.count == 3 && lines[1].hasPrefix("7315,") && lines[1].hasSuffix(",2415"), "\(text)")
        #expect(outcome.status == nil)
    }

    @Test func extract() async throws {
        var settings = ExtractSettings(files: ["\(codeprojectFixtures)/profile-7315.html"])
        settings.compact = true
        let run = ExtractRun(settings: settings, pack: FixtureRecords.pack)
        let (text, outcome) = try await captured { try run.run() }
        let record = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(record["id"] as? String == "7315")
        #expect(record["site"] as? String == "codeproject")
        #expect(record["name"] as? String == "Tomasz Wirth")
        #expect((record["reputation"] as? [String: Any])?["total"] as? Int == 2415)
        #expect(outcome.status == nil)
        // A page missing what the pack expects: the record says it, and the outcome is 1.
        let page = directory.appendingPathComponent("profile-7315.html").path
        try "<html><body>nothing here</body></html>".write(toFile: page, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: directory) }
        let unread = try await captured { try ExtractRun(settings: ExtractSettings(files: [page]), pack: FixtureRecords.pack).run() }
        #expect(unread.outcome.status == .partialFailure)
        #expect(unread.text.contains("\"kind\": \"extraction\""), "\(unread.text)")
    }
}

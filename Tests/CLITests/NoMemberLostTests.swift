import CSV
import Foundation
import TestSupport
import Testing

/// Every member of a batch's list has its row, whatever else happens in the run.
@Suite(.serialized) struct NoMemberLostTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-lost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The fault campaign's case: every fifth member's page redirects to a host that is
    /// down. Those members fail (their own redirect, not the site), the rest are read,
    /// and the file has all 200 rows in the list's order (it had 56-59, without a word).
    @Test func membersRedirectedToADeadHostFailAloneAndEveryRowIsWritten() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let dead = try SilentHost()
        let ids = (1000..<1200).map(String.init)
        let redirected = ids.filter { Int($0)!.isMultiple(of: 5) }
        let server = try FixtureServer(redirected.flatMap { ["--redirect", "\($0)=\(dead.baseURL){path}"] })
        try ids.joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let result = try run("cpvanity", ["batch", "--ids", path("ids.txt"), "--base-url", server.baseURL, "--rate", "0",
                                          "--connect-timeout", "1", "--timeout", "2", "--retries", "1",
                                          "--output", path("out.csv"), "--no-store"])
        #expect(result.status == 1, "\(result.stderr)")
        let reader = try CSVReader(string: try String(contentsOfFile: path("out.csv"), encoding: .utf8), hasHeaderRow: true)
        var rows = [(id: String, error: String)]()
        while reader.next() != nil { rows.append((reader["id"] ?? "", reader["error"] ?? "")) }
        #expect(rows.map(\.id) == ids)
        for row in rows where redirected.contains(row.id) {
            #expect(row.error.contains("redirected to \(dead.baseURL)"), "\(row.id): \(row.error)")
        }
        // The replica has none of these members: the others are its 404s.
        for row in rows where !redirected.contains(row.id) {
            #expect(row.error.contains("404"), "\(row.id): \(row.error)")
        }
        #expect(!result.stderr.contains("stopped starting lookups"), "\(result.stderr)")
        #expect(result.stderr.contains("batch: 200 of 200 members · 0 ok · 200 failed"), "\(result.stderr)")
    }
}

import Foundation
import TestSupport
import Testing

/// `history` reads: any date form `--as-of` takes, to a workbook, and from read-only
/// media, where it writes nothing at all.
@Suite(.serialized) struct HistoryReadingTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var db: String { directory.appendingPathComponent("history.sqlite").path }

    /// A decade of yearly points from the replica's archive, then today's lookup.
    func filledHistory() throws {
        let server = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path])
        defer { server.stop() }
        let backfill = try run("cpvanity", ["history", "48201", "--backfill", "--archive", server.baseURL, "--archive-rate", "50",
                                            "--db", db, "--format", "json"])
        #expect(backfill.status == 0, "\(backfill.stderr)")
    }

    func times(_ json: String) throws -> [String] {
        let series = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return (series.first?["points"] as? [[String: Any]] ?? []).compactMap { $0["time"] as? String }
    }

    @Test func sinceTakesTheFormsAsOfTakes() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try filledHistory()
        let all = try times(try run("cpvanity", ["history", "48201", "--db", db, "--format", "json"]).stdout)
        #expect(all == ["2008-03-16T08:30:00Z", "2014-01-12T10:15:00Z", "2016-04-11T00:00:00Z", "2019-05-20T10:10:10Z"])
        for since in ["2014-01", "2014", "2014-01-01", "2014-01-01T00:00:00Z"] {
            let later = try run("cpvanity", ["history", "48201", "--db", db, "--format", "json", "--since", since])
            #expect(later.status == 0, "\(since): \(later.stderr)")
            #expect(try times(later.stdout) == Array(all.dropFirst()), "--since \(since)")
        }
        let bad = try run("cpvanity", ["history", "48201", "--db", db, "--since", "June"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--since takes a date like 2014, 2014-01, 2014-01-10 or 2014-01-10T09:30:00Z (from 1990 on), not 'June'."))
        let asOf = try run("cpvanity", ["member", "48201", "--as-of", "June"])
        #expect(asOf.stderr.contains("--as-of takes a date like 2014, 2014-01, 2014-01-10 or 2014-01-10T09:30:00Z (from 1990 on), not 'June'."))

        let workbook = directory.appendingPathComponent("history.xlsx").path
        let written = try run("cpvanity", ["history", "48201", "--db", db, "--output", workbook, "--field", "reputation.total"])
        #expect(written.status == 0, "\(written.stderr)")
        let read = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["python3", repositoryRoot.appendingPathComponent("scripts/xlsx-read").path, workbook])
        #expect(read.stdout.contains(#""name": "History""#), "\(read.stdout)")
        #expect(read.stdout.contains(#"[["str", "id"], ["str", "time"], ["str", "last_seen"], ["str", "reputation.total"], ["str", "archived"]]"#), "\(read.stdout)")
        #expect(read.stdout.contains(#"[["str", "48201"], ["datetime", "2008-03-16T08:30:00"], ["datetime", "2008-03-16T08:30:00"], ["int", 312], ["str", "articles@20080316083000 profile@20080315120000"]]"#), "\(read.stdout)")
    }

    /// A history on a read-only mount (made in a private mount namespace) is read as it
    /// is, and nothing is written beside it.
    @Test func aHistoryOnReadOnlyMediaIsRead() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try filledHistory()
        let mount = directory.appendingPathComponent("media").path
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let script = """
            set -e
            mount -t tmpfs none '\(mount)'
            cp '\(db)' '\(mount)/history.sqlite'
            mount -o remount,ro '\(mount)'
            '\(builtProduct("cpvanity").path)' history 48201 --db '\(mount)/history.sqlite' --format json
            ls -a '\(mount)' >&2
            """
        let result = try run(at: URL(fileURLWithPath: "/usr/bin/unshare"), ["-rm", "sh", "-c", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try times(result.stdout).count == 4)
        #expect(result.stderr.split(separator: "\n") == [".", "..", "history.sqlite"])
    }
}

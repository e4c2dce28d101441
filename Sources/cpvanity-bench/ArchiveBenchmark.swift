import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // Data(contentsOf:) over HTTP, for the stand-in's stats
#endif

/// A decade's backfill against a stand-in archive enforcing the Wayback Machine's
/// published limits (30 index and 600 playback requests in any 60 s, its own 429, a
/// block after a minute of ignored 429s), at the real scale and the bundled pack's
/// rates: the requests of each kind, the wall time, and its ratio to the least time
/// the two budgets allow for those requests (each kind at its rate, side by side).
struct ArchiveBenchmark {
    let binaries: String
    let fixtures: String
    let log: (String) -> Void

    /// `members` members with a capture of both pages in each of `years` years.
    private func archive(members: Int, years: Int) throws -> (directory: String, ids: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-bench-archive-\(UUID().uuidString)")
        let ids = (0..<members).map { String(2_000_000 + $0) }
        for year in 0..<years {
            let folder = directory.appendingPathComponent("\(2010 + year)0615120000")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for id in ids {
                for source in ["profile", "articles"] {
                    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("\(source)-\(id).html").path,
                                                               withDestinationPath: "\(fixtures)/\(source)-48201.html")
                }
            }
        }
        return (directory.path, ids)
    }

    func run(members: Int, years: Int = 10) throws -> [Row] {
        let (directory, ids) = try archive(members: members, years: years)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "\(binaries)/fixture-site")
        server.arguments = ["--root", fixtures, "--port", "0", "--archive", directory, "--archive-limits", "--archive-page-size", "1000"]
        let out = Pipe()
        server.standardOutput = out
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let base = String(decoding: line, as: UTF8.self)
        guard base.hasPrefix("http://") else { throw BenchError("fixture-site did not start") }
        log("archive: a yearly backfill of \(members) members over \(years) years, at the archive's real limits")
        let budgets = directory + "-budgets"
        defer { try? FileManager.default.removeItem(atPath: budgets) }
        setenv("CPVANITY_BUDGETS", budgets, 1)
        let outcome = try ChildProcess.run("\(binaries)/cpvanity", ["history"] + ids + ["--backfill", "--every", "year", "--archive", base,
                                                                                        "--db", directory + ".sqlite", "--format", "csv"])
        defer { try? FileManager.default.removeItem(atPath: directory + ".sqlite") }
        guard let url = URL(string: base + "/_fixture/stats"), let data = try? Data(contentsOf: url),
              let stats = try JSONSerialization.jsonObject(with: data) as? [String: Any], let entries = stats["log"] as? [[String: Any]] else {
            throw BenchError("the stand-in's stats could not be read")
        }
        let kinds = entries.compactMap { $0["source"] as? String }
        let index = kinds.filter { $0 == "archive:cdx" || $0 == "archive:timemap" }.count
        let playback = kinds.filter { $0 == "archive:capture" }.count
        let refused = entries.filter { ($0["status"] as? Int).map { $0 == 429 || $0 == 403 } ?? false }.count
        guard outcome.status == 0, playback >= members * years * 2 else {
            throw BenchError("the backfill ended with status \(outcome.status >> 8) after \(index) index and \(playback) capture requests")
        }
        // The pack's advised rates: 0.4 index and 8 capture requests a second.
        let ideal = max(Double(index) / 0.4, Double(playback) / 8)
        let ratio = outcome.wallSeconds / ideal
        return [
            Row(figure: "archive: backfill of \(members) x \(years) years: requests", target: "no 429",
                measured: "\(index) index, \(playback) capture, \(refused) refused", pass: refused == 0),
            Row(figure: "archive: backfill wall time / the budgets' least time", target: "<= 1.3x (+5 s)",
                measured: String(format: "%.1f s / %.1f s = %.2fx", outcome.wallSeconds, ideal, ratio), pass: outcome.wallSeconds <= 1.3 * ideal + 5),
        ]
    }
}

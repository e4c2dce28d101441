import Foundation
import TestSupport
import Testing

/// `batch --shard K/N`: parts of one list run as separate processes concatenate to
/// exactly the rows of the whole.
@Suite struct ShardTests {
    /// A row without the time it was fetched: the same member looked up twice matches.
    func timeless(_ line: Substring) -> String {
        line.replacingOccurrences(of: #""fetched_at":"[^"]*""#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #",20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z,"#, with: ",", options: .regularExpression)
    }

    @Test func fourShardsOfAThousandIDsAreTheWholeBatch() throws {
        let server = try FixtureServer()
        // The four fixture members, one not found by its page, and 995 the replica 404s.
        let ids = ["48201", "7315", "90210", "1842", "99999999"] + (0..<995).map { String(300_000 + $0) }
        let input = Data(ids.shuffled().joined(separator: "\n").utf8)
        let common = ["batch", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "16", "--retries", "0", "--no-store", "-q"]
        for format in ["ndjson", "csv"] {
            let whole = try run("cpvanity", common + ["--format", format], stdin: input)
            #expect(whole.status == 1)  // the 404s are failed rows
            var parts = [String]()
            var sizes = [Int]()
            for index in 1...4 {
                let part = try run("cpvanity", common + ["--format", format, "--shard", "\(index)/4"], stdin: input)
                #expect([0, 1].contains(part.status))
                parts.append(part.stdout)
                sizes.append(part.stdout.split(whereSeparator: \.isNewline).count)
            }
            let joined = parts.joined().split(whereSeparator: \.isNewline).map(timeless).sorted()
            #expect(joined == whole.stdout.split(whereSeparator: \.isNewline).map(timeless).sorted(), "\(format)")
            #expect(joined.count == 1000 + (format == "csv" ? 1 : 0))
            // Stable parts of about a quarter each.
            #expect(sizes.allSatisfy { $0 > 180 && $0 < 320 }, "\(sizes)")
        }
        // A part that does not exist is said with the rule, not only "invalid".
        for (given, rule) in [("5/4", "part 5 of 4 does not exist: K is from 1 to 4."), ("2/0", "the number of parts must be from 1 to 10,000, not 0."),
                              ("half", "'half' is not K/N: the K-th of N parts, two whole numbers, e.g. 2/4.")] {
            let bad = try run("cpvanity", ["batch", "--shard", given], stdin: input)
            #expect(bad.status == 64)
            #expect(bad.stderr.hasPrefix("cpvanity: The value '\(given)' is invalid for '--shard <k/n>': \(rule)\n"), "\(bad.stderr)")
        }
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // Data(contentsOf:) over HTTP, for the replica's stats
#endif

/// Figures 2 and 3: the release `cpvanity batch` against `fixture-site` on loopback.
struct ScraperBenchmark {
    let binaries: String
    let fixtures: String
    let log: (String) -> Void

    /// A replica root serving `count` members, each a copy (by link) of one fixture member.
    private func root(members count: Int) throws -> (root: String, ids: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var ids = ""
        for index in 0..<count {
            let id = String(1_000_000 + index)
            for source in ["profile", "articles"] {
                try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("\(source)-\(id).html").path,
                                                           withDestinationPath: "\(fixtures)/\(source)-48201.html")
            }
            ids += id + "\n"
        }
        let idFile = directory.appendingPathComponent("ids.txt").path
        try ids.write(toFile: idFile, atomically: true, encoding: .utf8)
        return (directory.path, idFile)
    }

    private func startServer(root: String, latency: Int) throws -> (Process, String) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "\(binaries)/fixture-site")
        server.arguments = ["--root", root, "--port", "0", "--latency", String(latency)]
        let out = Pipe()
        server.standardOutput = out
        try server.run()
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let url = String(decoding: line, as: UTF8.self)
        guard url.hasPrefix("http://") else { throw BenchError("fixture-site did not start") }
        return (server, url)
    }

    private func batch(_ ids: String, base: String, output: String, extra: [String]) throws -> ChildProcess.Outcome {
        try ChildProcess.run("\(binaries)/cpvanity", ["batch", "--ids", ids, "--output", output, "--format", "ndjson", "--base-url", base,
                                                      "--ignore-robots", "--no-store", "--retries", "0"] + extra)
    }

    func run(sizes: [Int]) throws -> [Row] {
        var rows = [Row]()
        var peaks = [Int: (total: Int, anonymous: Int)]()
        for size in sizes {
            let (root, ids) = try root(members: size)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let (server, base) = try startServer(root: root, latency: 50)
            defer { server.terminate(); server.waitUntilExit() }
            log("scraper: \(size) members")
            let output = "\(root)/out.ndjson"
            if size == 1000 { rows += try eightInFlight(ids, base: base, root: root, output: output, size: size) }
            let replicaBefore = cpuSeconds(of: server.processIdentifier)
            let outcome = try batch(ids, base: base, output: output, extra: ["--rate", "0", "--concurrency", "32"])
            let replicaCPU = cpuSeconds(of: server.processIdentifier) - replicaBefore
            let written = (try String(contentsOfFile: output, encoding: .utf8)).split(separator: "\n")
            let failed = written.filter { !$0.contains("\"errors\":[]") }.count
            guard written.count == size, failed == 0 else {
                throw BenchError("the \(size)-member batch wrote \(written.count) records, \(failed) failed (exit status \(outcome.status >> 8))")
            }
            let ideal = ceil(Double(2 * size) / 32) * 0.05
            let ratio = outcome.wallSeconds / ideal
            let judged = size >= 1000
            rows.append(Row(figure: "scraper \(size) members, 32 in flight: time / ideal", target: judged ? "<= 1.10x" : "-",
                            measured: String(format: "%.2fx (%.1f s, ideal %.1f s)", ratio, outcome.wallSeconds, ideal),
                            pass: judged ? ratio <= 1.10 : nil))
            let cpu = 1000 * outcome.cpuSeconds / Double(size)
            rows.append(Row(figure: "scraper \(size) members: CPU a member", target: judged ? "<= 1.6 ms" : "-",
                            measured: String(format: "%.2f ms", cpu), pass: judged ? cpu <= 1.6 : nil))
            rows.append(Row(figure: "scraper \(size) members: CPU per member, peak RSS", target: "-",
                            // Ours against the replica's: a fixed binary on the same machine, so the
                            // ratio holds still where the machine's slow spells move both.
                            measured: String(format: "%.2f ms, %.1f MiB, of it anonymous %.1f MiB (replica: %.2f ms; ours / replica's %.2f)",
                                             1000 * outcome.cpuSeconds / Double(size), Double(outcome.peakRSSKiB) / 1024,
                                             Double(outcome.peakAnonymousKiB) / 1024, 1000 * replicaCPU / Double(size),
                                             replicaCPU > 0 ? outcome.cpuSeconds / replicaCPU : 0),
                            pass: nil))
            peaks[size] = (outcome.peakRSSKiB, outcome.peakAnonymousKiB)
        }
        if let small = peaks[1000], let large = peaks[10_000] {
            let ratio = Double(large.total) / Double(small.total)
            rows.append(Row(figure: "peak RSS 10,000 / 1,000 members", target: "<= 1.25x", measured: String(format: "%.2fx", ratio), pass: ratio <= 1.25))
            // The process's own memory alone: library pages are most of the RSS, and how
            // many of them count depends on what else has the same files cached.
            let anonymous = Double(large.anonymous) / Double(max(1, small.anonymous))
            rows.append(Row(figure: "peak anonymous memory 10,000 / 1,000 members", target: "-",
                            measured: String(format: "%.2fx", anonymous), pass: nil))
        }
        return rows
    }

    /// At 8 in flight the batch is bound by latency alone: its own figure, beside curl's.
    private func eightInFlight(_ ids: String, base: String, root: String, output: String, size: Int) throws -> [Row] {
        let eight = try batch(ids, base: base, output: output, extra: ["--rate", "0", "--concurrency", "8"])
        let ideal = ceil(Double(2 * size) / 8) * 0.05
        var rows = [Row(figure: "scraper 1000 members, 8 in flight: time / ideal", target: "<= 1.05x",
                        measured: String(format: "%.2fx (%.1f s, ideal %.1f s), %.2f ms CPU a member", eight.wallSeconds / ideal,
                                         eight.wallSeconds, ideal, 1000 * eight.cpuSeconds / Double(size)),
                        pass: eight.wallSeconds / ideal <= 1.05)]
        try? FileManager.default.removeItem(atPath: output)
        if let floor = try curlAlone(ids, base: base, root: root, parallel: 8) {
            rows.append(Row(figure: "scraper 1000 members, 8 in flight, curl alone: time / ideal", target: "-",
                            measured: String(format: "%.2fx (%.1f s): the replica's own floor", floor / ideal, floor), pass: nil))
        }
        return rows
    }

    /// The same pages fetched by the curl tool alone (`--parallel`), nothing read or
    /// written: how near the ideal the replica lets any client come on this machine.
    /// Nil where there is no curl.
    private func curlAlone(_ ids: String, base: String, root: String, parallel: Int) throws -> Double? {
        guard let curl = ["/usr/bin/curl", "/usr/local/bin/curl"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let config = "\(root)/curl.cfg"
        let lines = try String(contentsOfFile: ids, encoding: .utf8).split(separator: "\n").flatMap { id in
            ["url = \"\(base)/script/Membership/View.aspx?mid=\(id)\"", "output = \"/dev/null\"",
             "url = \"\(base)/script/Articles/MemberArticles.aspx?amid=\(id)\"", "output = \"/dev/null\""]
        }
        try lines.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
        let outcome = try ChildProcess.run(curl, ["-s", "--parallel", "--parallel-max", String(parallel), "-K", config])
        return outcome.status == 0 ? outcome.wallSeconds : nil
    }

    /// User + system CPU of a running process, from /proc (Linux).
    private func cpuSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func rateAccuracy(pages: Int, rate: Double) throws -> [Row] {
        let members = pages / 2
        let (root, ids) = try root(members: members)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (server, base) = try startServer(root: root, latency: 0)
        defer { server.terminate(); server.waitUntilExit() }
        log("rate: \(pages) pages at \(rate)/s")
        let outcome = try batch(ids, base: base, output: "\(root)/out.ndjson", extra: ["--rate", String(rate), "--concurrency", "8"])
        guard outcome.status == 0 else { throw BenchError("the rate batch failed (exit status \(outcome.status >> 8))") }
        let stats = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(string: base + "/_fixture/stats")!)) as? [String: Any]
        let starts = ((stats?["log"] as? [[String: Any]]) ?? []).filter { $0["id"] != nil }.compactMap { $0["start_ms"] as? Double }.sorted()
        guard starts.count == pages else { throw BenchError("the server saw \(starts.count) page requests, expected \(pages)") }
        var busiest = 0
        for (index, start) in starts.enumerated() {
            busiest = max(busiest, starts[index...].prefix { $0 < start + 1000 }.count)
        }
        let expected = Double(pages) / rate
        let span = ((starts.last ?? 0) - (starts.first ?? 0)) / 1000 + 1 / rate
        let deviation = abs(span - expected) / expected
        return [
            Row(figure: "rate \(Int(rate))/s: \(pages) pages take", target: String(format: "%.0f s ± 5%%", expected),
                measured: String(format: "%.2f s of requests (%.2f s wall)", span, outcome.wallSeconds), pass: deviation <= 0.05),
            Row(figure: "rate \(Int(rate))/s: most requests in any 1 s window", target: "<= \(Int(rate))",
                measured: String(busiest), pass: busiest <= Int(rate)),
        ]
    }
}

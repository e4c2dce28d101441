import App
import CSV
import Foundation
import Packs
import Report
import Testing
import TestSupport

/// Random fault plans over the replica: whatever each member meets (a page, a 404, a
/// 5xx, a reset, a redirect to a dead host, a timeout), at whatever concurrency, with
/// whatever duplicates, a batch's file has exactly one row per distinct member in the
/// list's order, and its counts add up to the list. The run's seed is printed;
/// `CPVANITY_FUZZ_SEED=N` repeats its plans (the order lookups finish in is the
/// machine's), `CPVANITY_BATCH_PLANS=N` sets how many.
@Suite(.serialized) struct BatchPropertyTests {
    enum Fault: CaseIterable {
        case ok, notFound, serverError, reset, deadHost, timeout

        /// The `kind`s its row's error may begin with ("" for none), besides `not_looked_up`.
        var kinds: Set<String> {
            switch self {
            case .ok: return [""]
            case .notFound: return ["not_found"]
            case .serverError: return ["http"]
            case .reset: return ["network"]
            case .deadHost: return ["network", "timeout"]
            case .timeout: return ["timeout"]
            }
        }
    }

    static let replicas = 4
    static let membersPerReplica = 120
    /// Members that cost a timeout each are few, so a plan stays short at concurrency 1.
    static let slowPerReplica = 4

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-plans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A replica whose members each have a fault, and its base URL.
    func replica(_ index: Int, random: inout FuzzInput, dead: SilentHost) throws -> (FixtureServer, [String: Fault]) {
        let root = directory.appendingPathComponent("site-\(index)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let pages = try ["profile", "articles"].map { ($0, try String(contentsOfFile: "\(codeprojectFixtures)/\($0)-7315.html", encoding: .utf8)) }
        var faults = [String: Fault]()
        var arguments = ["--slow-ms", "5000"]
        let quick: [Fault] = [.ok, .ok, .ok, .notFound, .notFound, .serverError, .serverError, .reset]
        for n in 0..<Self.membersPerReplica {
            let id = String(400_000 + index * 1000 + n)
            let fault = n < Self.slowPerReplica ? .timeout : n < 2 * Self.slowPerReplica ? .deadHost : quick.randomElement(using: &random) ?? .ok
            faults[id] = fault
            switch fault {
            case .ok, .reset:
                for (source, page) in pages {
                    try page.replacingOccurrences(of: "7315", with: id).write(toFile: "\(root)/\(source)-\(id).html", atomically: false, encoding: .utf8)
                }
                if fault == .reset { arguments += ["--body", "\(id)=reset"] }
            case .notFound: break
            case .serverError: arguments += ["--status-on", "\(id)=\(Bool.random(using: &random) ? 500 : 502)"]
            case .deadHost: arguments += ["--redirect", "\(id)=\(dead.baseURL){path}"]
            case .timeout:
                for (source, page) in pages { try page.write(toFile: "\(root)/\(source)-\(id).html", atomically: false, encoding: .utf8) }
                arguments += ["--body", "\(id)=slow"]
            }
        }
        return (try FixtureServer(arguments, root: root), faults)
    }

    @Test func everyMemberHasOneRowInTheListsOrderWhateverItMeets() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = FuzzInput()
        let plans = ProcessInfo.processInfo.environment["CPVANITY_BATCH_PLANS"].flatMap(Int.init) ?? 200
        print("BatchPropertyTests: \(plans) plans, \(random.repeatHint)")
        Console.configure(.quiet, color: false)
        defer { Console.configure(.normal, color: false) }
        let dead = try SilentHost()
        let started = Date()
        for index in 0..<Self.replicas {
            let (server, faults) = try replica(index, random: &random, dead: dead)
            defer { server.stop() }
            let members = faults.keys.sorted()
            for plan in 0..<(plans + Self.replicas - 1 - index) / Self.replicas {
                let size = Int.random(in: 1...300, using: &random)
                let list = (0..<size).map { _ in members.randomElement(using: &random) ?? "" }
                let concurrency = Int.random(in: 1...16, using: &random)
                let what = "replica \(index) plan \(plan): \(size) IDs, concurrency \(concurrency); \(random.repeatHint)"
                if ProcessInfo.processInfo.environment["CPVANITY_BATCH_TRACE"] != nil { FileHandle.standardError.write(Data((what + "\n").utf8)) }
                try await check(list, concurrency: concurrency, faults: faults, server: server, what: what)
                #expect(Date().timeIntervalSince(started) < 600, "the plans take too long: \(what)")
            }
        }
    }

    /// One plan: the batch, then its file and its counts against the list.
    func check(_ list: [String], concurrency: Int, faults: [String: Fault], server: FixtureServer, what: String) async throws {
        let ids = directory.appendingPathComponent("ids.txt").path
        let out = directory.appendingPathComponent("out.csv").path
        try? FileManager.default.removeItem(atPath: out)
        try list.joined(separator: "\n").write(toFile: ids, atomically: true, encoding: .utf8)
        var fetch = FetchSettings()
        fetch.baseURL = server.baseURL
        fetch.rate = 0
        fetch.retries = 0
        fetch.concurrency = concurrency
        fetch.timeout = 0.25
        fetch.connectTimeout = 0.25
        let lookups = LookupSettings(pack: FixtureRecords.pack, fetch: fetch)
        let format = try #require(RecordFormats.named("csv"))
        let settings = BatchSettings(ids: .file(ids), output: OutputSettings(format: format, options: ReportOptions(columns: ["id", "error"]), file: out))
        let outcome = try await BatchRun(lookups: lookups, settings: settings).run()

        var distinct = [String]()
        var seen = Set<String>()
        for id in list where seen.insert(id).inserted { distinct.append(id) }
        let reader = try CSVReader(string: try String(contentsOfFile: out, encoding: .utf8), hasHeaderRow: true)
        var rows = [(id: String, error: String)]()
        while reader.next() != nil { rows.append((reader["id"] ?? "", reader["error"] ?? "")) }
        #expect(rows.map(\.id) == distinct, "\(what)")
        for row in rows {
            let kind = String(row.error.prefix { $0 != ":" })
            let fault = faults[row.id] ?? .ok
            #expect(fault.kinds.contains(kind) || kind == "not_looked_up", "\(row.id) (\(fault)) ended '\(row.error)': \(what)")
        }
        let counts = try #require(outcome.members, "\(what)")
        #expect(counts.total == distinct.count, "\(what)")
        #expect(counts.ok + counts.failed + counts.notLookedUp + counts.leftForResume == counts.total, "\(counts): \(what)")
        #expect(counts.ok == rows.filter { $0.error.isEmpty }.count, "\(counts): \(what)")
        #expect(counts.notLookedUp == rows.filter { $0.error.hasPrefix("not_looked_up") }.count, "\(counts): \(what)")
        #expect((outcome.status == nil) == (counts.ok == counts.total), "\(String(describing: outcome.status)) with \(counts): \(what)")
    }
}

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct HistoryCommandTests {
    let directory: URL
    var db: String { directory.appendingPathComponent("history.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A replica root holding copies of the fixture pages, so a test may edit them.
    func copyOfFixtures(ids: [String] = ["48201", "7315"], as newIDs: [String: String] = [:]) throws -> String {
        let root = directory.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for id in ids {
            for source in ["profile", "articles"] {
                try FileManager.default.copyItem(atPath: "\(codeprojectFixtures)/\(source)-\(id).html",
                                                 toPath: "\(root)/\(source)-\(newIDs[id] ?? id).html")
            }
        }
        return root
    }

    func edit(_ file: String, _ from: String, _ to: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(from))
        try text.replacingOccurrences(of: from, with: to).write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// A history that is not there says what to do; reading it makes nothing.
    @Test func aMissingHistorySaysWhatToDo() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run("cpvanity", ["history", "48201", "--db", "/proc/cpvanity/x.sqlite"])
        #expect(result.status == 2)
        #expect(result.stderr == "cpvanity: there is no history at /proc/cpvanity/x.sqlite yet; look members up first (or point --db at the history)\n")
        let nowhere = directory.appendingPathComponent("none/x.sqlite").path
        #expect(try run("cpvanity", ["history", "48201", "--db", nowhere]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("none").path))
    }

    /// A format the command takes is honoured, never silently replaced.
    @Test func trackListInEveryFormat() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let env = ["CPVANITY_DB": db]
        #expect(try run("cpvanity", ["track", "add", "48201", "--label", "=team"], environment: env).status == 0)
        let csv = try run("cpvanity", ["track", "list", "--format", "csv"], environment: env).stdout
        #expect(csv.hasPrefix("id,site,label,added_at\r\n48201,codeproject,'=team,"))
        let markdown = try run("cpvanity", ["track", "list", "--format", "markdown"], environment: env).stdout
        #expect(markdown.hasPrefix("| id | site | label | added at |\n| --- | --- | --- | --- |\n| 48201 | codeproject | =team | "))
        let ndjson = try run("cpvanity", ["track", "list", "--format", "ndjson"], environment: env).stdout
        #expect(ndjson.hasPrefix(#"{"id":"48201","site":"codeproject","label":"=team","added_at":""#))
    }

    /// With no ID, history, report and track speak of the tracked members; with none
    /// tracked, what to do.
    @Test func noIDMeansTheTrackedMembers() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let env = ["CPVANITY_DB": db]
        let report = directory.appendingPathComponent("report.html").path
        let untracked = try run("cpvanity", ["report", "-o", report, "--base-url", server.baseURL], environment: env)
        #expect(untracked.status == 64)
        #expect(untracked.stderr == "cpvanity: no member IDs were given, and no member is tracked: give member IDs (cpvanity report --output \(report) <id>...), or track members to use by default (cpvanity track add <id>...)\n")
        #expect(!FileManager.default.fileExists(atPath: report))

        // Listed in the order added (by ID within the same second): 48201 first either way.
        #expect(try run("cpvanity", ["track", "add", "48201"], environment: env).status == 0)
        #expect(try run("cpvanity", ["track", "add", "7315"], environment: env).status == 0)
        #expect(try run("cpvanity", ["track", "--format", "csv"], environment: env).stdout.split(separator: "\r\n").dropFirst().map { $0.prefix(while: { $0 != "," }) } == ["48201", "7315"])
        let made = try run("cpvanity", ["report", "-o", report, "--base-url", server.baseURL, "--rate", "0"], environment: env)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.hasPrefix("cpvanity: report: wrote \(report) (2 members, "))
        // A night the site is down leaves the last report as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: report))
        let down = try run("cpvanity", ["report", "-o", report, "--base-url", "http://127.0.0.1:9", "--retries", "0"], environment: env)
        #expect(down.status == 1)
        #expect(down.stderr.contains("cpvanity: report: no member could be looked up; \(report) is left as it was\n"), "\(down.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == before)
        // Without --output, the page goes to standard output (a pipe here); nothing at all
        // when no member could be looked up.
        let piped = try run("cpvanity", ["report", "--base-url", server.baseURL, "--rate", "0", "--no-store"], environment: env)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("<!DOCTYPE html>\n") && piped.stdout.hasSuffix("</html>\n"))
        #expect(piped.stdout.contains("Maren Okafor") && piped.stdout.contains("Tomasz Wirth"))
        #expect(piped.stderr.hasPrefix("cpvanity: report: wrote the page to standard output (2 members, "))
        let pipedDown = try run("cpvanity", ["report", "--base-url", "http://127.0.0.1:9", "--retries", "0", "--no-store"], environment: env)
        #expect(pipedDown.status == 1 && pipedDown.stdout.isEmpty)
        #expect(pipedDown.stderr.contains("cpvanity: report: no member could be looked up; nothing was written\n"), "\(pipedDown.stderr)")
        let history = try run("cpvanity", ["history", "--field", "reputation.total", "--format", "csv"], environment: env)
        #expect(history.status == 0)
        #expect(history.stdout.split(separator: "\r\n").map { $0.split(separator: ",").enumerated().filter { [0, 3].contains($0.offset) }.map(\.element).joined(separator: ",") }
                == ["id,reputation.total", "48201,1204873", "7315,2415"])
    }

    /// The statistics a record shows are series too, computed from each snapshot's rows.
    @Test func statisticsHaveAHistory() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let env = ["CPVANITY_DB": db]
        #expect(try run("cpvanity", ["member", "48201", "--base-url", server.baseURL, "--rate", "0", "--format", "json"], environment: env).status == 0)
        let result = try run("cpvanity", ["history", "48201", "--field", "stats.total_views", "--field", "stats.weighted_rating",
                                          "--field", "stats.listed", "--format", "csv"], environment: env)
        #expect(result.status == 0)
        let lines = result.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.first == "id,time,last_seen,stats.total_views,stats.weighted_rating,stats.listed")
        #expect(lines.last?.hasSuffix(",5968783,4.42,34") == true)
    }

    /// The README's cron line: `refresh --quiet` says nothing of the members that went
    /// well, and one line for each that failed (its ID, the kind, the cause).
    @Test func aQuietRefreshSaysEachFailedMember() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer([], root: try copyOfFixtures())
        let env = ["CPVANITY_DB": db]
        #expect(try run("cpvanity", ["track", "add", "48201", "200001"], environment: env).status == 0)
        let result = try run("cpvanity", ["refresh", "--quiet", "--base-url", server.baseURL, "--rate", "0"], environment: env)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "cpvanity: member 200001: not_found: the site answered 404: no such member (articles and profile pages)\n")
    }

    /// `rows` reads the list's page alone: its history point keeps the profile's values
    /// as last read (never unknown), so the next refresh still sees the reputation move.
    @Test func aChangeAfterALookupOfTheListAloneIsReported() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = try copyOfFixtures()
        let server = try FixtureServer([], root: root)
        let env = ["CPVANITY_DB": db]
        let fetch = ["--base-url", server.baseURL, "--rate", "0"]
        #expect(try run("cpvanity", ["track", "add", "7315"], environment: env).status == 0)
        #expect(try run("cpvanity", ["refresh"] + fetch, environment: env).status == 0)
        #expect(try run("cpvanity", ["rows", "7315", "--format", "json"] + fetch, environment: env).status == 0)
        try edit("\(root)/profile-7315.html", ">2,415<", ">2,450<")
        let refreshed = try run("cpvanity", ["refresh", "--format", "table"] + fetch, environment: env)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let lines = refreshed.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains { $0.hasPrefix("7315 Tomasz Wirth Reputation 2,450 +35 ") }, "\(refreshed.stdout)")
        #expect(refreshed.stderr.contains("1 changed"), "\(refreshed.stderr)")
        let history = try run("cpvanity", ["history", "7315", "--field", "reputation.total", "--format", "csv"], environment: env)
        #expect(!history.stdout.contains("unknown") && !history.stdout.contains(",\n"), "\(history.stdout)")
        #expect(history.stdout.split(whereSeparator: \.isNewline).last?.hasSuffix(",2450") == true, "\(history.stdout)")
    }

    @Test func trackRefreshAndHistory() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = try copyOfFixtures()
        let server = try FixtureServer([], root: root)
        let env = ["CPVANITY_DB": db]
        let fetch = ["--base-url", server.baseURL, "--rate", "0"]

        let added = try run("cpvanity", ["track", "add", "48201", "7315", "--label", "team"], environment: env)
        #expect(added.stdout == "")
        #expect(added.stderr == "cpvanity: tracking 48201, 7315\n")
        #expect(try run("cpvanity", ["track", "add", "7315", "1842"], environment: env).stderr == "cpvanity: tracking 1842\ncpvanity: already tracked: 7315\n")
        #expect(try run("cpvanity", ["track", "remove", "1842"], environment: env).stderr == "cpvanity: no longer tracking 1842\n")
        let list = try run("cpvanity", ["track", "list", "--format", "json"], environment: env)
        let tracked = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(tracked.map { $0["id"] as? String } == ["48201", "7315"])
        #expect(tracked.map { $0["label"] as? String } == ["team", "team"])

        let first = try run("cpvanity", ["refresh", "--format", "table", "--exit-code"] + fetch, environment: env)
        #expect(first.status == 0)  // a first lookup has nothing to compare with: no change
        // Like git diff: nothing changed, nothing printed.
        #expect(first.stdout == "")

        try edit("\(root)/profile-48201.html", ">1,204,873<", ">1,204,908<")
        try edit("\(root)/articles-48201.html", "Views: 2,345,678", "Views: 2,346,900")
        let second = try run("cpvanity", ["refresh", "--format", "table", "--exit-code"] + fetch, environment: env)
        #expect(second.status == 4)  // --exit-code: something changed
        let lines = second.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        // A line per change, by the pack's labels, the new value and the signed difference;
        // nothing for the member that did not change.
        let day = Date().formatted(.iso8601.year().month().day())
        #expect(lines == ["ID member what now change since", "48201 Maren Okafor Reputation 1,204,908 +35 \(day)",
                          "48201 Maren Okafor Cache Heap Shader — Views 2,346,900 +1,222 \(day)"])

        // The JSON of a lookup carries the change with the previous value and when it was seen.
        try edit("\(root)/profile-48201.html", ">1,204,908<", ">1,204,999<")
        let member = try run("cpvanity", ["member", "48201", "--format", "json"] + fetch, environment: env)
        // One ID or many, --format json is an array.
        let records = try #require(try JSONSerialization.jsonObject(with: Data(member.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 1)
        let record = try #require(records.first)
        let change = try #require((record["changes"] as? [String: Any])?["reputation.total"] as? [String: Any])
        #expect(change["previous"] as? Int == 1_204_908)
        #expect(change["delta"] as? Int == 91)
        #expect((change["seen_at"] as? String)?.hasSuffix("Z") == true)

        let history = try run("cpvanity", ["history", "48201", "--field", "reputation.total", "--format", "json"], environment: env)
        let series = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let points = try #require(series.first?["points"] as? [[String: Any]])
        #expect(points.map { $0["reputation.total"] as? Int } == [1_204_873, 1_204_908, 1_204_999])
        #expect(points.allSatisfy { Set($0.keys) == ["time", "last_seen", "reputation.total"] })

        let articles = try run("cpvanity", ["history", "48201", "--articles", "--field", "views", "--format", "csv"], environment: env)
        let top = articles.stdout.split(separator: "\r\n").filter { $0.contains("/Articles/5012773/") }.map { $0.split(separator: ",").last ?? "" }
        #expect(top == ["2345678", "2346900"])

        let removed = try run("cpvanity", ["track", "remove", "7315"], environment: env)
        #expect(removed.stdout == "")
        #expect(removed.stderr == "cpvanity: no longer tracking 7315\n")
        let unknownField = try run("cpvanity", ["history", "48201", "--field", "total_veiws"], environment: env)
        #expect(unknownField.status == 64)
        #expect(unknownField.stderr.hasPrefix("cpvanity: --field: unknown field total_veiws; choose from name, "))
        let typo = try run("cpvanity", ["history", "48201", "--field", "stats.total_veiws"], environment: env)
        #expect(typo.stderr.hasPrefix("cpvanity: --field: unknown field stats.total_veiws (did you mean stats.total_views?); choose from"))
    }

    @Test func noStoreLeavesNoHistory() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let result = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--no-store", "--db", db])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: db))
        // The commands about the history have no use for it: a usage error, not ignored.
        for command in [["history", "7315"], ["refresh"], ["track", "add", "7315"], ["track", "list"], ["track", "remove", "7315"]] {
            let refused = try run("cpvanity", command + ["--no-store", "--db", db])
            #expect(refused.status == 64, "\(command)")
            #expect(refused.stderr.contains("Unknown option '--no-store'"), "\(command): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aBadDatabaseIsReportedAndLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let notes = directory.appendingPathComponent("notes.txt").path
        try "not a database\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let result = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--db", notes])
        #expect(result.status == 2)
        #expect(result.stderr == "cpvanity: \(notes) is not a cpvanity history (not an SQLite database); nothing was written to it. Point --db (or CPVANITY_DB) at another file, or move it aside (lookups also take --no-store)\n")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "not a database\n")
        #expect(try server.stats().pages.isEmpty)  // refused before any request
    }

    @Test func aKilledBatchLeavesTheStoreConsistent() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let ids = (0..<150).map { String(500_000 + $0) }
        let root = directory.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for id in ids {
            for source in ["profile", "articles"] {
                try FileManager.default.copyItem(atPath: "\(codeprojectFixtures)/\(source)-90210.html", toPath: "\(root)/\(source)-\(id).html")
            }
        }
        try ids.joined(separator: "\n").write(to: directory.appendingPathComponent("ids.txt"), atomically: true, encoding: .utf8)
        let server = try FixtureServer(["--latency", "30"], root: root)
        let process = startedCommand(["batch", "--base-url", server.baseURL, "--rate", "0", "--ids", directory.appendingPathComponent("ids.txt").path,
                                      "--output", directory.appendingPathComponent("out.ndjson").path, "--db", db])
        try process.run()
        // Kill it once some snapshots are in.
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline {
            if let count = try? sqlite(["SELECT count(*) FROM snapshot"]).first.flatMap(Int.init), count >= 30 { break }
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        #expect(try sqlite(["PRAGMA integrity_check"]) == ["ok"])
        let snapshots = try sqlite(["SELECT count(*) FROM snapshot"]).first.flatMap(Int.init) ?? 0
        #expect(snapshots >= 30 && snapshots < 150, "\(snapshots) snapshots")
        // Every committed snapshot is whole: all 23 fields and the 3 articles' numbers and titles.
        let fieldCounts = try sqlite(["SELECT count(*) FROM field_value GROUP BY snapshot_id"])
        #expect(fieldCounts.count == snapshots && fieldCounts.allSatisfy { $0 == "23" })
        let rowCounts = try sqlite(["SELECT count(*) FROM row_value GROUP BY snapshot_id"])
        #expect(rowCounts.count == snapshots && Set(rowCounts).count == 1)
    }

    /// Answers from the sqlite3 command-line shell: a reader that is not cpvanity.
    func sqlite(_ statements: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [db] + statements
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

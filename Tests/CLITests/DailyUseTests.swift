import Foundation
import TestSupport
import Testing

/// The daily use a new user meets first: refresh in cron, a clean batch, config
/// columns, mirrors, archived tables, a dead host, a pasted page address.
@Suite(.serialized) struct DailyUseTests {
    let directory: URL
    var db: String { directory.appendingPathComponent("history.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-daily-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func site() throws -> String {
        let root = directory.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for id in ["48201", "7315"] {
            for source in ["profile", "articles"] {
                try FileManager.default.copyItem(atPath: "\(codeprojectFixtures)/\(source)-\(id).html", toPath: "\(root)/\(source)-\(id).html")
            }
        }
        return root
    }

    /// Cron: nothing changed, nothing printed; a change, a JSON object a line; the same
    /// pages through a mirror on another port are no change (URLs kept relative to the site).
    @Test func refreshSaysWhatChangedAndNothingElse() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = try site()
        let env = ["CPVANITY_DB": db]
        let server = try FixtureServer([], root: root)
        let fetch = ["--base-url", server.baseURL, "--rate", "0"]
        #expect(try run("cpvanity", ["track", "add", "48201", "7315"], environment: env).status == 0)
        #expect(try run("cpvanity", ["refresh"] + fetch, environment: env).status == 0)
        let calm = try run("cpvanity", ["refresh", "-q", "--exit-code"] + fetch, environment: env)
        #expect(calm.status == 0)
        #expect(calm.stdout == "" && calm.stderr == "")

        let text = try String(contentsOfFile: "\(root)/profile-48201.html", encoding: .utf8)
        try text.replacingOccurrences(of: ">1,204,873<", with: ">1,204,908<").write(toFile: "\(root)/profile-48201.html", atomically: true, encoding: .utf8)
        let changed = try run("cpvanity", ["refresh", "--exit-code"] + fetch, environment: env)
        #expect(changed.status == 4, "\(changed.stderr)")
        let change = try #require(try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any])
        #expect(change["id"] as? String == "48201" && change["name"] as? String == "Maren Okafor")
        #expect(change["field"] as? String == "reputation.total" && change["label"] as? String == "Reputation")
        #expect(change["value"] as? Int == 1_204_908 && change["previous"] as? Int == 1_204_873 && change["delta"] as? Int == 35)
        #expect(changed.stderr == "cpvanity: refresh: 2 members · 2 ok · 0 failed · 1 changed\n")

        // Another port of the replica: the photo's address differs only in its host and port.
        let mirror = try FixtureServer([], root: root)
        let viaMirror = try run("cpvanity", ["refresh", "--exit-code", "--base-url", mirror.baseURL, "--rate", "0"], environment: env)
        #expect(viaMirror.status == 0, "\(viaMirror.stdout)")
        #expect(viaMirror.stdout == "")

        // One member tracked: "1 member".
        #expect(try run("cpvanity", ["track", "remove", "7315"], environment: env).status == 0)
        let one = try run("cpvanity", ["refresh"] + fetch, environment: env)
        #expect(one.stderr == "cpvanity: refresh: 1 member · 1 ok · 0 failed · 0 changed\n")
    }

    @Test func aCleanBatchSaysOneLineAndADeadHostOneLinePerMember() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let clean = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "csv"],
                            stdin: Data("48201\n7315\n90210\n".utf8))
        #expect(clean.status == 0)
        #expect(clean.stderr.split(separator: "\n").count <= 3, "\(clean.stderr)")
        // Written in the list's order, on stdout too.
        #expect(clean.stdout.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) } == ["48201", "7315", "90210"])

        let dead = try run("cpvanity", ["member", "48201", "7315", "--base-url", "http://127.0.0.1:9", "--retries", "1", "--no-store", "--format", "json"])
        #expect(dead.status == 1)
        #expect(dead.stderr == """
            cpvanity: member 48201: network: cannot connect to 127.0.0.1:9 after 1 retry; is the server up and reachable from here? (articles and profile pages)
            cpvanity: member 7315: network: cannot connect to 127.0.0.1:9 after 1 retry; is the server up and reachable from here? (articles and profile pages)
            cpvanity: hint: check the network connection, or the host in --base-url; if the site has closed, --as-of DATE reads its pages from a web archive

            """)
    }

    @Test func aDeadHostStopsTheBatchAfterTenMembersInARow() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let ids = (1000..<1060).map(String.init)
        let output = directory.appendingPathComponent("members.csv").path
        // Two at a time: four members under way, so at most 13 are requested before the stop.
        let dead = try run("cpvanity", ["batch", "--base-url", "http://127.0.0.1:9", "--retries", "0", "--concurrency", "2", "--rate", "0",
                                        "--no-store", "--output", output], stdin: Data(ids.joined(separator: "\n").utf8))
        #expect(dead.status == 1)
        let lines = dead.stderr.split(separator: "\n").map(String.init)
        let said = lines.filter { $0.hasPrefix("cpvanity: member ") }
        #expect((10...13).contains(said.count), "\(dead.stderr)")
        #expect(said.allSatisfy { $0.hasSuffix(": network: cannot connect to 127.0.0.1:9; is the server up and reachable from here? (articles and profile pages)") })
        #expect(lines.dropFirst(said.count) == [
            "cpvanity: warning: stopped starting lookups: \(said.count) members in a row got no answer (cannot connect to 127.0.0.1:9; is the server up and reachable from here?); the \(60 - said.count) members left are recorded as not looked up; run again when it is back",
        ] + lines.suffix(2))
        #expect(lines.suffix(2).first?.hasPrefix("cpvanity: batch: 60 of 60 members · 0 ok · \(said.count) failed · \(60 - said.count) not looked up · ") == true)
        #expect(lines.last == "cpvanity: hint: check the network connection, or the host in --base-url; if the site has closed, --as-of DATE reads its pages from a web archive")
        // Every member has its row, in the list's order; those left say why.
        let rows = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\r\n").dropFirst()
        #expect(rows.map { String($0.prefix { $0 != "," }) } == ids)
        let left = rows.filter { $0.contains("not_looked_up: not looked up: no answer to the \(said.count) members looked up before it (cannot connect to 127.0.0.1:9;") }
        #expect(left.count == 60 - said.count)

        // The next night, with the site still down: the export there is left as it was.
        try "good,export\r\n".write(toFile: output, atomically: true, encoding: .utf8)
        let again = try run("cpvanity", ["batch", "--base-url", "http://127.0.0.1:9", "--retries", "0", "--rate", "0", "--no-store", "--output", output],
                            stdin: Data("48201\n7315\n".utf8))
        #expect(again.status == 1)
        #expect(again.stderr.hasSuffix("cpvanity: batch: no member could be looked up; \(output) is left as it was\ncpvanity: hint: check the network connection, or the host in --base-url; if the site has closed, --as-of DATE reads its pages from a web archive\n"), "\(again.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "good,export\r\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["members.csv"])
    }

    @Test func configColumnsApplyWhereTheyFitAndAPageAddressIsAnID() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let config = directory.appendingPathComponent("config.toml").path
        try "columns = \"id,name,reputation.total\"\nformat = \"csv\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let env = ["CPVANITY_CONFIG": config]
        let articles = try run("cpvanity", ["articles", "48201", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--limit", "1"], environment: env)
        #expect(articles.status == 0, "\(articles.stderr)")
        #expect(articles.stdout.hasPrefix("id,name,kind,title,"))
        let member = try run("cpvanity", ["member", "https://www.codeproject.com/script/Membership/View.aspx?mid=48201",
                                          "--base-url", server.baseURL, "--rate", "0", "--no-store"], environment: env)
        #expect(member.status == 0, "\(member.stderr)")
        #expect(member.stdout == "id,name,reputation.total\r\n48201,Maren Okafor,1204873\r\n")
        try "columns = \"id,nmae\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bad = try run("cpvanity", ["member", "48201", "--base-url", server.baseURL, "--no-store", "--format", "csv"], environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("cpvanity: config \(config): Unknown column nmae in the columns setting (did you mean name?)"), "\(bad.stderr)")
        // A value out of range from the file names the file and the key, not a flag never typed.
        try "rate = 5000\n".write(toFile: config, atomically: true, encoding: .utf8)
        let fast = try run("cpvanity", ["member", "48201", "--base-url", server.baseURL, "--no-store"], environment: env)
        // Bad input, as a broken config is (exit 2), with no usage text after it.
        #expect(fast.status == 2)
        #expect(fast.stderr == "cpvanity: rate in config \(config) must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not 5000.0.\n")
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        let variable = try run("cpvanity", ["member", "48201", "--base-url", server.baseURL, "--no-store"], environment: env.merging(["CPVANITY_TIMEOUT": "-1"]) { $1 })
        #expect(variable.status == 2)
        #expect(variable.stderr == "cpvanity: CPVANITY_TIMEOUT must be from 0.001 to 86400 seconds, not -1.0.\n")
        // The flag typed is a usage error, named as typed.
        let flag = try run("cpvanity", ["member", "48201", "--rate", "5000"], environment: env)
        #expect(flag.status == 64)
        #expect(flag.stderr.hasPrefix("cpvanity: --rate must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not 5000.0.\n"))
    }

    @Test func anArchivedTableNamesItsCapture() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path])
        let result = try run("cpvanity", ["member", "48201", "--as-of", "2014-01", "--archive", server.baseURL, "--archive-rate", "50",
                                          "--no-store", "--format", "table"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Maren Okafor (48201)  CodeProject, as of 2014-01-12, archived capture\n"))

        // Today's trend is not 2014's: a table as of then leaves it out.
        let site = try FixtureServer()
        let env = ["CPVANITY_DB": directory.appendingPathComponent("history.sqlite").path]
        let filled = try run("cpvanity", ["history", "48201", "--backfill", "--archive", server.baseURL, "--archive-rate", "50"], environment: env)
        #expect(filled.status == 0, "\(filled.stderr)")
        let today = try run("cpvanity", ["member", "48201", "--base-url", site.baseURL, "--rate", "0", "--format", "table"], environment: env)
        #expect(today.stdout.contains(" points in the history)"), "\(today.stdout)")
        let then = try run("cpvanity", ["member", "48201", "--as-of", "2014-01", "--archive", server.baseURL, "--archive-rate", "50",
                                        "--format", "table"], environment: env)
        #expect(then.status == 0, "\(then.stderr)")
        #expect(!then.stdout.contains("points in the history"), "\(then.stdout)")
    }
}

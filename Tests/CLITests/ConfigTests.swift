import Foundation
import TestSupport
import Testing

/// The config file, the environment and flags, in that order of weight.
@Suite struct ConfigTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("cpvanity"), withIntermediateDirectories: true)
    }

    func write(_ text: String) throws {
        try text.write(to: directory.appendingPathComponent("cpvanity/config.toml"), atomically: true, encoding: .utf8)
    }

    @Test func aFlagOutweighsTheEnvironmentWhichOutweighsTheFile() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        try write("""
            base_url = "\(server.baseURL)"
            rate = 0
            format = "csv"
            columns = "id,name,reputation.total"
            db = "~/history.sqlite"
            """)
        // CPVANITY_DB empty: the test runner names one, which would outweigh the file.
        let env = ["XDG_CONFIG_HOME": directory.path, "HOME": directory.path, "CPVANITY_DB": ""]
        let fromFile = try run("cpvanity", ["member", "48201"], environment: env)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout == "id,name,reputation.total\r\n48201,Maren Okafor,1204873\r\n")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("history.sqlite").path))
        let fromEnvironment = try run("cpvanity", ["member", "48201"], environment: env.merging(["CPVANITY_FORMAT": "ndjson"]) { $1 })
        #expect(fromEnvironment.stdout.hasPrefix(#"{"schema":"cpvanity.member/2","id":"48201""#))
        let fromFlag = try run("cpvanity", ["member", "48201", "--format", "csv", "--columns", "id"], environment: env)
        #expect(fromFlag.stdout == "id\r\n48201\r\n")

        let shown = try run("cpvanity", ["config", "show", "--format", "json"], environment: env.merging(["CPVANITY_RETRIES": "5"]) { $1 })
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [[String: String]])
        let byKey = Dictionary(uniqueKeysWithValues: settings.compactMap { row in row["key"].map { ($0, row) } })
        #expect(byKey["rate"]?["value"] == "0")
        #expect(byKey["rate"]?["source"] == "config \(directory.path)/cpvanity/config.toml")
        #expect(byKey["retries"]?["source"] == "environment CPVANITY_RETRIES")
        #expect(byKey["timeout"]?["source"] == "default")
    }

    /// A lookup option added as docs/architecture.md says (its declaration, its flag, its
    /// resolution, its use): the site is reached only through the proxy, here the replica,
    /// which answers a request for another host's page as a proxy would.
    @Test func everyRequestGoesThroughTheProxyAsked() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let env = ["XDG_CONFIG_HOME": directory.path, "HOME": directory.path]
        let args = ["member", "48201", "--base-url", "http://members.invalid", "--rate", "0", "--no-store", "--format", "csv", "--columns", "id,name,avatar_url"]
        let proxied = try run("cpvanity", args + ["--proxy", server.baseURL], environment: env)
        #expect(proxied.status == 0, "\(proxied.stderr)")
        #expect(proxied.stdout == "id,name,avatar_url\r\n48201,Maren Okafor,http://members.invalid/script/Membership/ProfileImages/%7B48201%7D/photo.jpg\r\n")
        try write("proxy = \"\(server.baseURL)\"\n")
        #expect(try run("cpvanity", args, environment: env).stdout == proxied.stdout)

        // A proxy that does not answer is named as the one that failed, not the site.
        let dead = try run("cpvanity", args + ["--proxy", "http://127.0.0.1:9", "--retries", "0"], environment: env)
        #expect(dead.status == 1)
        #expect(dead.stderr.contains("member 48201: network: cannot connect to the proxy 127.0.0.1:9; is it up and reachable from here?"), "\(dead.stderr)")

        let badFlag = try run("cpvanity", args + ["--proxy", "ftp://proxy"], environment: env)
        #expect(badFlag.status == 64)
        #expect(badFlag.stderr.hasPrefix("cpvanity: --proxy must be a proxy's URL such as http://127.0.0.1:3128 or socks5h://127.0.0.1:1080, not 'ftp://proxy'.\n"))
        let badVariable = try run("cpvanity", args, environment: env.merging(["CPVANITY_PROXY": "proxy"]) { $1 })
        #expect(badVariable.status == 2)
        #expect(badVariable.stderr.hasPrefix("cpvanity: CPVANITY_PROXY must be a proxy's URL such as http://127.0.0.1:3128 or socks5h://127.0.0.1:1080, not 'proxy'."))
    }

    @Test func cacheTrueKeepsPagesInTheXDGCache() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        try write("cache = true\n")
        let cacheHome = directory.appendingPathComponent("cache")
        let env = ["XDG_CONFIG_HOME": directory.path, "XDG_CACHE_HOME": cacheHome.path]
        let result = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "json"], environment: env)
        #expect(result.status == 0)
        let kept = try FileManager.default.contentsOfDirectory(atPath: cacheHome.appendingPathComponent("cpvanity").path)
        #expect(!kept.isEmpty)
    }

    @Test func aBrokenConfigIsSaidPlainly() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("rate = \"fast\"\n")
        let env = ["XDG_CONFIG_HOME": directory.path]
        let wrongType = try run("cpvanity", ["config", "show"], environment: env)
        #expect(wrongType.status == 2)
        #expect(wrongType.stderr == "cpvanity: \(directory.path)/cpvanity/config.toml:1: rate must be a number\n")
        try write("rte = 1\n")
        let unknown = try run("cpvanity", ["member", "48201"], environment: env)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("cpvanity: \(directory.path)/cpvanity/config.toml:1: rte is not a setting (did you mean rate?); the file takes site, patterns, "))
        // Every problem of the file, each with its line, not only the first.
        try write("rte = 1\n# a comment\nformat = \"csv\"\ntimeout = \"soon\"\n[membr]\nrate = 1\n")
        let several = try run("cpvanity", ["config", "show"], environment: env).stderr.split(separator: "\n")
        #expect(several.count == 3, "\(several)")
        #expect(several.map { $0.prefix(while: { $0 != " " }) } == ["cpvanity:", "\(directory.path)/cpvanity/config.toml:4:", "\(directory.path)/cpvanity/config.toml:5:"].map { Substring($0) })
        #expect(several.first?.hasPrefix("cpvanity: \(directory.path)/cpvanity/config.toml:1: rte is not a setting") == true)
        let variable = try run("cpvanity", ["config", "show"], environment: ["CPVANITY_RATE": "fast", "XDG_CONFIG_HOME": "/nonexistent"])
        #expect(variable.stderr == "cpvanity: CPVANITY_RATE must be a number, not 'fast'\n")
        let archive = try run("cpvanity", ["member", "48201"], environment: ["CPVANITY_ARCHIVE": "web.archive.org", "XDG_CONFIG_HOME": "/nonexistent"])
        #expect(archive.status == 2)
        #expect(archive.stderr == "cpvanity: CPVANITY_ARCHIVE must be an http(s) URL such as http://127.0.0.1:8080, not 'web.archive.org'\n")
        // A file named and not there is said, not replaced by the defaults (and the real site asked).
        let missing = directory.appendingPathComponent("nowhere.toml").path
        let named = try run("cpvanity", ["member", "48201"], environment: ["CPVANITY_CONFIG": missing, "XDG_CONFIG_HOME": directory.path])
        #expect(named.status == 2)
        #expect(named.stderr == "cpvanity: \(missing) (named by CPVANITY_CONFIG) does not exist; create it, or unset CPVANITY_CONFIG to read \(directory.path)/cpvanity/config.toml\n")
        #expect(named.stdout.isEmpty)
    }

    @Test func aReadOnlyHomeStillPrintsTheRecord() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let result = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--rate", "0", "--format", "csv", "--columns", "id,name",
                                          "--db", "/proc/cpvanity/history.sqlite"])
        #expect(result.status == 0)
        #expect(result.stdout == "id,name\r\n7315,Tomasz Wirth\r\n")
        #expect(result.stderr == """
            cpvanity: warning: cannot open the history /proc/cpvanity/history.sqlite: cannot create /proc/cpvanity; this lookup is not recorded in the history
            cpvanity: hint: give --db another file for the history, or --no-store

            """)
    }

    @Test func aCommandsTableAppliesToThatCommandAlone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let config = directory.appendingPathComponent("cpvanity/config.toml").path
        try write("""
            base_url = "\(server.baseURL)"
            rate = 0
            format = "json"

            [member]
            format = "csv"
            columns = "id,name"

            [articles]
            rate = 0.5
            """)
        let env = ["XDG_CONFIG_HOME": directory.path, "CPVANITY_DB": "", "HOME": directory.path]
        let member = try run("cpvanity", ["member", "7315", "--no-store"], environment: env)
        #expect(member.status == 0, "\(member.stderr)")
        #expect(member.stdout == "id,name\r\n7315,Tomasz Wirth\r\n")
        // rows (its alias's table) keeps the top-level format and takes no member columns.
        let rows = try run("cpvanity", ["rows", "7315", "--no-store"], environment: env)
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(rows.stdout.hasPrefix("["), "\(rows.stdout)")

        let shown = try run("cpvanity", ["config", "show", "articles", "--format", "json"], environment: env)
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [[String: String]])
        let byKey = Dictionary(uniqueKeysWithValues: settings.compactMap { row in row["key"].map { ($0, row) } })
        #expect(byKey["rate"]?["value"] == "0.5")
        #expect(byKey["rate"]?["source"] == "config \(config) [rows]")
        #expect(byKey["format"]?["value"] == "json")
        #expect(byKey["format"]?["source"] == "config \(config)")

        try write("[member]\nrate = 5000\n")
        let fast = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--no-store"], environment: env)
        #expect(fast.status == 2)
        #expect(fast.stderr.hasPrefix("cpvanity: member.rate in config \(config) must be 0 (no limit, for your own mirror) or from 0.001"), "\(fast.stderr)")
        try write("[membr]\nrate = 1\n")
        let typo = try run("cpvanity", ["config", "show"], environment: env)
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("cpvanity: \(config):1: [membr] is not a command (did you mean member?); tables are named for one of batch, config, extract, feed, history, member, "), "\(typo.stderr)")
        try write("[batch]\nrte = 1\n")
        let unknown = try run("cpvanity", ["config", "show"], environment: env)
        #expect(unknown.stderr.hasPrefix("cpvanity: \(config):2: batch.rte is not a setting (did you mean rate?); the file takes site, "), "\(unknown.stderr)")
    }
}

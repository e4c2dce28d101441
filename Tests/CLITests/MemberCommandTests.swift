import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct MemberCommandTests {
    @Test func printsRecordsFetchedFromTheReplica() throws {
        let server = try FixtureServer()
        let result = try run("cpvanity", ["member", "--base-url", server.baseURL, "--rate", "0", "48201", "1842"])
        // 1842's old list shows neither bookmarks nor downloads: their totals are
        // unknown, said, and the run exits 1; they are never 0.
        #expect(result.status == 1)
        #expect(result.stderr == """
            cpvanity: member 1842: extraction stats.total_bookmarks: unknown: no row shows bookmarks (3 rows read), and a figure over none of them would not be the page's (articles page)
            cpvanity: member 1842: extraction stats.total_downloads: unknown: no row shows downloads (3 rows read), and a figure over none of them would not be the page's (articles page)

            """)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(records.map { $0["id"] as? String } == ["48201", "1842"])
        #expect((records[1]["stats"] as? [String: Any])?["total_downloads"] is NSNull)
        #expect(records.map { $0["name"] as? String } == ["Maren Okafor", "René Kowalczyk"])
        let sources = try #require(records[0]["sources"] as? [String: String])
        #expect(sources["profile"] == server.baseURL + "/script/Membership/View.aspx?mid=48201")
        #expect((records[0]["articles"] as? [Any])?.count == 34)
        #expect((records[0]["errors"] as? [Any])?.count == 0)
        let fetchedAt = try #require(records[0]["fetched_at"] as? String)
        #expect(fetchedAt.hasSuffix("Z") && fetchedAt.count == 20)
    }

    @Test func invalidIDsAreRefusedBeforeAnyRequest() throws {
        let server = try FixtureServer()
        let result = try run("cpvanity", ["member", "--base-url", server.baseURL, "48201", "12ab", "0"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "cpvanity: '12ab', '0' are not CodeProject member IDs (an ID must match [1-9][0-9]{0,9}); nothing was fetched\n")
        #expect(try server.stats().requests == 0)
    }

    @Test func didYouMean() throws {
        let command = try run("cpvanity", ["membr", "48201"])
        #expect(command.status == 64)
        #expect(command.stderr.hasPrefix("cpvanity: Unknown command 'membr'. Did you mean 'member'?\n"))
        let option = try run("cpvanity", ["member", "48201", "--rat", "3"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("cpvanity: Unknown option '--rat'. Did you mean '--rate'?"))
        // No near command: the same words, and where the commands are; an ID says how to look it up.
        let unknown = try run("cpvanity", ["frob"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "cpvanity: Unknown command 'frob'.\nUsage: cpvanity <subcommand>\n  See 'cpvanity --help' for more information.\n")
        let id = try run("cpvanity", ["48201"])
        #expect(id.status == 64)
        #expect(id.stderr == "cpvanity: Unknown command '48201'. To look a member up: cpvanity member 48201\nUsage: cpvanity <subcommand>\n  See 'cpvanity --help' for more information.\n")
    }

    @Test func jsonKeysAsGhTakesThem() throws {
        let server = try FixtureServer()
        let base = ["member", "48201", "7315", "--base-url", server.baseURL, "--rate", "0", "--no-store"]
        let chosen = try run("cpvanity", base + ["--json", "id,name,reputation.total,stats.total_views", "--compact"])
        #expect(chosen.status == 0)
        #expect(chosen.stdout == #"[{"id":"48201","name":"Maren Okafor","reputation":{"total":1204873},"stats":{"total_views":5968783}},{"id":"7315","name":"Tomasz Wirth","reputation":{"total":2415},"stats":{"total_views":0}}]"# + "\n")
        let lines = try run("cpvanity", base + ["--json", "id,counts", "--format", "ndjson"]).stdout.split(separator: "\n").sorted()
        #expect(lines == [#"{"id":"48201","counts":{"articles":20,"tech_blogs":8,"tips":6}}"#, #"{"id":"7315","counts":{"articles":0,"tech_blogs":0,"tips":0}}"#])

        let typo = try run("cpvanity", base + ["--json", "id,reputaton.total"])
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("cpvanity: Unknown key reputaton.total in --json (did you mean reputation.total?); choose from schema, id, "))
        let column = try run("cpvanity", base + ["--format", "csv", "--columns", "id,nmae"])
        #expect(column.stderr.hasPrefix("cpvanity: Unknown column nmae in --columns (did you mean name?); choose from id, "))
        #expect(try run("cpvanity", base + ["--format", "csv", "--json", "id"]).status == 64)
        // Two lookups of robots.txt and four pages each; the usage errors fetched nothing.
        #expect(try server.stats().requests == 10)
    }

    @Test func colorAutoAlwaysNever() throws {
        let server = try FixtureServer()
        let base = ["member", "7315", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "table"]
        #expect(try run("cpvanity", base + ["--color", "always"]).stdout.hasPrefix("\u{1B}[1mTomasz Wirth (7315)\u{1B}[0m"))
        #expect(!(try run("cpvanity", base + ["--color", "never"]).stdout.contains("\u{1B}")))
        // auto, into a pipe: none; always outweighs NO_COLOR, as an explicit choice.
        #expect(!(try run("cpvanity", base).stdout.contains("\u{1B}")))
        #expect(try run("cpvanity", base + ["--color", "always"], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}[1m"))
        #expect(try run("cpvanity", base + ["--color", "sometimes"]).status == 64)
    }

    /// One shape per command: a script written for many IDs works with one.
    @Test func jsonIsAnArrayHoweverManyIDs() throws {
        let server = try FixtureServer()
        for command in [["member", "48201"], ["articles", "48201"], ["member", "48201", "--compact"]] {
            let result = try run("cpvanity", command + ["--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "json"])
            #expect(result.status == 0)
            let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(command)")
            #expect(records.map { $0["id"] as? String } == ["48201"])
        }
    }

    @Test func oneFailingMemberDoesNotStopTheOthers() throws {
        let server = try FixtureServer(["--status-on", "90210=503", "--retry-after", "0"])
        let result = try run("cpvanity", ["member", "--base-url", server.baseURL, "--rate", "0", "--retries", "1", "--compact",
                                          "7315", "90210", "5555"])
        #expect(result.status == 1)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let kinds = records.map { ($0["errors"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String } }
        #expect(kinds == [[], ["http", "http"], ["not_found", "not_found"]])
        // A line per member per cause, the pages named together.
        #expect(result.stderr.contains("cpvanity: member 90210: http: the site answered HTTP 503 (articles and profile pages)\n"), "\(result.stderr)")
        #expect(result.stderr.contains("cpvanity: member 5555: not_found: the site answered 404: no such member (articles and profile pages)\n"))
    }

    @Test func savedPagesCanBeCheckedAgainstThePack() throws {
        let server = try FixtureServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-saved-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let lookup = try run("cpvanity", ["articles", "--base-url", server.baseURL, "--save-pages", directory, "90210"])
        #expect(lookup.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["articles-90210.html"])
        let check = try run("cpvanity", ["patterns", "check", "--fixtures", directory])
        #expect(check.status == 0)
        let rows = check.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains("articles[].title found"))
        #expect(rows.contains("name found"))
        #expect(rows.contains("reputation.total -"))
    }

    /// `--output -` is standard output, as in most tools, never a file named "-".
    @Test func outputDashIsStandardOutput() throws {
        let server = try FixtureServer()
        let dash = repositoryRoot.appendingPathComponent("-").path
        defer { try? FileManager.default.removeItem(atPath: dash) }
        let member = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--no-store", "-o", "-", "--compact"])
        #expect(member.status == 0)
        #expect(member.stdout.hasPrefix(#"[{"schema":"cpvanity.member/2","id":"7315","#))
        let batch = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--no-store", "--output", "-", "--format", "csv", "--columns", "id,name"],
                            stdin: Data("7315\n".utf8))
        #expect(batch.status == 0)
        #expect(batch.stdout == "id,name\r\n7315,Tomasz Wirth\r\n")
        #expect(batch.stderr.hasPrefix("cpvanity: batch: 1 of 1 member · 1 ok · 0 failed · "), "\(batch.stderr)")
        let report = try run("cpvanity", ["report", "7315", "--base-url", server.baseURL, "--no-store", "-o", "-"])
        #expect(report.status == 0 && report.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(!FileManager.default.fileExists(atPath: dash))
    }

    /// A page that cannot be saved (here its name is taken by a directory; a full disk
    /// alike) is a warning with the system's words; the lookup and the other page go on.
    @Test func aPageThatCannotBeSavedIsAWarning() throws {
        let server = try FixtureServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-unsaved-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/profile-90210.html/in-the-way", withIntermediateDirectories: true)
        let lookup = try run("cpvanity", ["member", "--base-url", server.baseURL, "--save-pages", directory, "--no-store", "--format", "json", "90210"])
        #expect(lookup.status == 0)
        #expect(lookup.stderr == "cpvanity: warning: member 90210: profile-90210.html could not be saved in \(directory) (Is a directory); the lookup went on without it\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["articles-90210.html", "profile-90210.html"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/articles-90210.html"))
                == Data(contentsOf: URL(fileURLWithPath: "\(codeprojectFixtures)/articles-90210.html")))
        #expect(lookup.stdout.contains("\"name\": \"Zoë O'Brien-Ångström\""))
    }

    /// A directory to write in that cannot be one: said plainly, before any request.
    @Test func unusableDirectoriesAreRefused() throws {
        let server = try FixtureServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-dirs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/notes.txt"
        try "x\n".write(toFile: file, atomically: true, encoding: .utf8)

        let intoFile = try run("cpvanity", ["member", "--base-url", server.baseURL, "--save-pages", file, "7315"])
        #expect(intoFile.status == 2)
        #expect(intoFile.stderr == "cpvanity: --save-pages \(file): it is a file, not a directory; name a directory (it is created if missing)\n")
        let underFile = try run("cpvanity", ["member", "--base-url", server.baseURL, "--cache", file + "/cache", "7315"])
        #expect(underFile.status == 2)
        #expect(underFile.stderr == "cpvanity: --cache \(file)/cache: cannot create \(file)/cache: Not a directory\n")
        #expect(try server.stats().requests == 0)
        // A missing one is created, parents and all.
        let nested = directory + "/a/b"
        let created = try run("cpvanity", ["articles", "--base-url", server.baseURL, "--save-pages", nested, "90210"])
        #expect(created.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: nested) == ["articles-90210.html"])
    }

    /// `--columns` picks CSV columns; a name the export does not have is a usage error
    /// that lists the ones it has, before any request.
    @Test func chosenCSVColumns() throws {
        let server = try FixtureServer()
        let chosen = try run("cpvanity", ["member", "--base-url", server.baseURL, "--format", "csv", "--columns", "id, name,reputation.level",
                                          "48201", "7315"])
        #expect(chosen.status == 0)
        #expect(chosen.stdout == "id,name,reputation.level\r\n48201,Maren Okafor,platinum\r\n7315,Tomasz Wirth,bronze\r\n")
        let requested = try server.stats().requests

        let unknown = try run("cpvanity", ["member", "--base-url", server.baseURL, "--format", "csv", "--columns", "id,views", "48201"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("cpvanity: Unknown column views in --columns; choose from id, site, fetched_at, name, "), "\(unknown.stderr)")
        let notCSV = try run("cpvanity", ["member", "--base-url", server.baseURL, "--format", "json", "--columns", "id", "48201"])
        #expect(notCSV.status == 64)
        #expect(notCSV.stderr.hasPrefix("cpvanity: --columns chooses an export's columns; it goes with --format csv, not json.\n"), "\(notCSV.stderr)")
        #expect(try server.stats().requests == requested)
    }

    @Test func helpDocumentsEveryFlag() throws {
        let help = try run("cpvanity", ["member", "--help"]).stdout
        for flag in ["--site", "--patterns", "--base-url", "--concurrency", "--rate", "--retries", "--timeout",
                     "--connect-timeout", "--ignore-robots", "--save-pages", "--cache", "--compact", "--columns"] {
            #expect(help.contains(flag), "member --help does not mention \(flag)")
        }
    }

    @Test func badOptionValuesAreUsageErrors() throws {
        let result = try run("cpvanity", ["member", "--base-url", "ftp://x", "48201"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--base-url must be an http(s) URL"))
        #expect(try run("cpvanity", ["member", "--concurrency", "0", "48201"]).status == 64)
    }
}

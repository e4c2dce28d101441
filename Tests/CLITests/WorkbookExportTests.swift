import Foundation
import TestSupport
import Testing

/// `--output members.xlsx`, read back by an independent reader (openpyxl, through
/// scripts/xlsx-read): numbers as numbers, days and times as dates, text as text, the
/// header frozen with an autofilter, a sheet per list; and a batch to a workbook
/// resumes after Ctrl-C.
@Suite(.serialized) struct WorkbookExportTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-xlsx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    struct Sheet: Decodable {
        let name: String
        let freeze: String?
        let filter: String?
        let rows: [[Cell]]
        let formats: [[String]]
    }

    /// `[type, value]` as openpyxl gives it.
    struct Cell: Decodable, Equatable, CustomStringConvertible {
        let type: String
        let value: String

        init(_ type: String, _ value: String) {
            self.type = type
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            var pair = try decoder.unkeyedContainer()
            type = try pair.decode(String.self)
            if try pair.decodeNil() {
                value = ""
            } else if let number = try? pair.decode(Double.self) {
                value = type == "int" ? String(Int(number)) : String(number)
            } else {
                value = try pair.decode(String.self)
            }
        }

        var description: String { "\(type) \(value)" }
    }

    func read(_ file: String) throws -> [Sheet] {
        let result = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["python3", repositoryRoot.appendingPathComponent("scripts/xlsx-read").path, file])
        #expect(result.status == 0, "openpyxl could not read \(file) (scripts/setup installs it): \(result.stderr)")
        return try JSONDecoder().decode([Sheet].self, from: Data(result.stdout.utf8))
    }

    /// A count the page showed rounded ("12.4k" followers, "2.4k" stars of a row) is the
    /// number, shown with ≈, and its step stands in its `rounded.<place>` column.
    @Test func aRoundedCountIsMarkedInTheWorkbook() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--site", "github"], root: repositoryRoot.appendingPathComponent("Fixtures/github").path)
        defer { server.stop() }
        let result = try run("cpvanity", ["member", "--site", "github", "--base-url", server.baseURL, "--rate", "0", "--no-store",
                                          "--output", path("gh.xlsx"), "ada-pond"])
        #expect(result.status == 0, "\(result.stderr)")
        let sheets = try read(path("gh.xlsx"))
        let members = try #require(sheets.first)
        let header = members.rows[0].map(\.value)
        let followers = try #require(header.firstIndex(of: "followers"))
        let step = try #require(header.firstIndex(of: "rounded.followers"))
        let stars = try #require(header.firstIndex(of: "stars"))
        #expect(members.rows[1][followers] == Cell("int", "12400"))
        #expect(members.formats[1][followers] == "\"≈ \"#,##0")
        #expect(members.rows[1][step] == Cell("int", "100"))
        #expect(members.formats[1][stars] == "General")
        #expect(header.contains("rounded.stats.stars_received"))
        let repositories = try #require(sheets.first { $0.name == "Repositories" })
        let row = try #require(repositories.rows.first { $0.contains(Cell("str", "tidepool")) })
        let columns = repositories.rows[0].map(\.value)
        let starsColumn = try #require(columns.firstIndex(of: "stars"))
        #expect(row[starsColumn] == Cell("int", "2400"))
        #expect(row[try #require(columns.firstIndex(of: "rounded.stars"))] == Cell("int", "100"))
    }

    @Test func aBatchToAWorkbookHasTheRecordsValuesWithTheirTypes() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--output", path("members.xlsx")],
                             stdin: Data("48201\n7315\n99999999\n".utf8))
        #expect(result.status == 1, "\(result.stderr)")  // the member that is not there
        let sheets = try read(path("members.xlsx"))
        #expect(sheets.map(\.name) == ["Members", "Articles"])
        let members = try #require(sheets.first)
        #expect(members.freeze == "A2")
        #expect(members.filter == "A1:AK4")
        let header = members.rows[0].map(\.value)
        #expect(Array(header.prefix(6)) == ["id", "site", "fetched_at", "name", "avatar_url", "reputation.total"])
        #expect(members.rows.dropFirst().map { $0[0] } == [Cell("str", "48201"), Cell("str", "7315"), Cell("str", "99999999")])
        let maren = members.rows[1]
        #expect(maren[1] == Cell("str", "codeproject"))
        #expect(maren[2].type == "datetime")
        #expect(maren[3] == Cell("str", "Maren Okafor"))
        #expect(maren[5] == Cell("int", "1204873"))
        #expect(maren[6] == Cell("str", "platinum"))
        // A member not found: no values, its error in the last column.
        let missing = members.rows[3]
        #expect(missing[5] == Cell("NoneType", ""))
        #expect(missing.last?.value.hasPrefix("not_found: the page says this member does not exist") == true)

        let articles = sheets[1]
        #expect(articles.rows[0].map(\.value) == ["id", "kind", "title", "url", "description", "posted", "updated", "views", "rating", "votes",
                                                   "popularity", "bookmarks", "downloads"])
        let first = articles.rows[1]
        #expect(first[0] == Cell("str", "48201"))
        #expect(first[2] == Cell("str", "Cache Heap Shader"))
        #expect(first[5] == Cell("datetime", "2013-12-18T00:00:00"))
        #expect(first[7] == Cell("int", "2345678"))
        #expect(first[8] == Cell("float", "4.91"))
        #expect(articles.rows.count == 35)
    }

    @Test func aBatchToAWorkbookResumesAfterCtrlC() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let ids = ["48201", "7315", "90210", "1842", "200000", "200001"]
        try ids.joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let checkpoint = path(".members.xlsx.cpvanity-checkpoint")
        let arguments = ["batch", "--base-url", server.baseURL, "--retries", "0", "--no-store", "--ids", path("ids.txt"), "--output", path("members.xlsx")]
        let process = startedCommand(arguments + ["--rate", "2"])
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        func saved() -> Int { ((try? String(contentsOfFile: checkpoint, encoding: .utf8)) ?? "").split(separator: "\n").count - 1 }
        while process.isRunning && saved() < 1 && Date() < deadline { usleep(5_000) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(!FileManager.default.fileExists(atPath: path("members.xlsx")))
        #expect(saved() >= 1 && saved() < ids.count)

        let resumed = try run("cpvanity", arguments + ["--rate", "0", "--resume"])
        #expect(resumed.status == 1, "\(resumed.stderr)")  // two IDs the replica does not know
        let members = try #require(try read(path("members.xlsx")).first)
        #expect(members.rows.dropFirst().map(\.[0].value) == ids)
        #expect(!FileManager.default.fileExists(atPath: checkpoint))
    }

    /// A workbook is for a file: asked for on a terminal it says so; piped, it is written.
    @Test func aWorkbookOnStandardOutputGoesToAPipeOnly() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let piped = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "xlsx"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("PK"))
    }
}

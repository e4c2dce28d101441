import CSV
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct BatchCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// 200 distinct IDs: the four fixture members, the missing one, and 195 the replica 404s.
    static let ids = ["48201", "7315", "90210", "1842", "99999999"] + (0..<195).map { String(200_000 + $0) }

    func csvIDs(_ file: String) throws -> [String] {
        let reader = try CSVReader(string: try String(contentsOfFile: file, encoding: .utf8), hasHeaderRow: true)
        var ids = [String]()
        while reader.next() != nil { ids.append(reader["id"] ?? "") }
        return ids
    }

    func lines(_ file: String) -> Int {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// A batch running in the background, its output thrown away.
    func startedBatch(_ arguments: [String]) throws -> Process {
        let process = startedCommand(arguments)
        try process.run()
        return process
    }

    /// Starts a batch, stops it with `signal` once its checkpoint holds `after` members, waits for it.
    func interruptedBatch(_ arguments: [String], signal: Int32, after: Int, checkpoint: String) throws -> Int32 {
        let process = try startedBatch(arguments)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && lines(checkpoint) <= after && Date() < deadline { usleep(5_000) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(arguments: [SIGKILL, SIGINT, SIGTERM])
    func anInterruptedBatchResumesWithOneRowPerID(_ signal: Int32) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--latency", "40", "--status-on", "90210=500", "--fail", "0.05", "--seed", "7"])
        try Self.ids.joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        try "the last good export\n".write(toFile: path("out.csv"), atomically: true, encoding: .utf8)
        let checkpoint = path(".out.csv.cpvanity-checkpoint")
        let arguments = ["batch", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "4", "--retries", "0",
                         "--ids", path("ids.txt"), "--output", path("out.csv")]

        let status = try interruptedBatch(arguments, signal: signal, after: 40, checkpoint: checkpoint)
        // 128 + the signal, as shells report it: 130 for Ctrl-C, 143 for SIGTERM.
        if signal != SIGKILL { #expect(status == 128 + signal) }
        // Nothing half-written: the previous export is untouched, the checkpoint holds the progress.
        #expect(try String(contentsOfFile: path("out.csv"), encoding: .utf8) == "the last good export\n")
        let saved = lines(checkpoint) - 1
        #expect(saved >= 40 && saved < 200, "\(saved) members in the checkpoint")

        // Without --resume the checkpoint is not thrown away.
        let refused = try run("cpvanity", arguments)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("add --resume to continue it"))

        _ = try Data(contentsOf: URL(string: server.baseURL + "/_fixture/reset")!)
        let resumed = try run("cpvanity", arguments + ["--resume"])
        #expect(resumed.status == 1)  // the 404s and the 500s are failures, each kept as a row
        #expect(resumed.stderr.contains("from the checkpoint"))
        let rows = try csvIDs(path("out.csv"))
        #expect(rows.count == 200)
        #expect(Set(rows) == Set(Self.ids))
        // In the order of the IDs file, however the members finished.
        #expect(rows == Self.ids)
        #expect(!FileManager.default.fileExists(atPath: checkpoint))
        // Members already in the checkpoint were not fetched again.
        let refetched = Set(try server.stats().pages.compactMap(\.id))
        #expect(refetched.count <= 200 - saved + 8, "\(refetched.count) members fetched on resume")
    }

    /// Ctrl-C of a batch that writes to stdout: no --resume is promised, as there is no
    /// checkpoint to resume from.
    @Test func ctrlCOfABatchToStdoutPromisesNoResume() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer([])
        let process = startedCommand(["batch", "--base-url", server.baseURL, "--rate", "1", "--no-store", "--format", "ndjson"])
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("48201\n7315\n90210\n1842\n".utf8))
        try input.fileHandleForWriting.close()
        usleep(1_500_000)
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(stderr.contains("members not yet fetched are not looked up (output to stdout cannot be resumed)"), "\(stderr)")
        #expect(!stderr.contains("--resume"), "\(stderr)")
    }

    /// A resume with a shorter list exports exactly that list: one row per ID, none of the
    /// checkpoint's other members.
    @Test func aResumeWithAnotherListExportsThatList() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer([])
        let ids = ["48201", "7315", "90210", "1842", "200000", "200001"]
        try ids.joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let checkpoint = path(".out.csv.cpvanity-checkpoint")
        let arguments = ["batch", "--base-url", server.baseURL, "--retries", "0", "--output", path("out.csv")]
        _ = try interruptedBatch(arguments + ["--ids", path("ids.txt"), "--rate", "2"], signal: SIGINT, after: 2, checkpoint: checkpoint)
        #expect(lines(checkpoint) >= 3)  // the header and at least two members

        try "7315\n90210\n".write(toFile: path("fewer.txt"), atomically: true, encoding: .utf8)
        let resumed = try run("cpvanity", arguments + ["--ids", path("fewer.txt"), "--rate", "0", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try csvIDs(path("out.csv")) == ["7315", "90210"])
    }

    /// A second batch to the output a running batch writes, or a --resume of it, is
    /// refused: the running one holds its checkpoint. Once it is done, all is as one run left it.
    @Test func aRunningBatchsOutputIsNotWrittenTwice() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer([])
        let ids = ["48201", "7315", "90210", "1842", "200000", "200001"]
        try ids.joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let checkpoint = path(".out.csv.cpvanity-checkpoint")
        let arguments = ["batch", path("ids.txt"), "--base-url", server.baseURL, "--retries", "0", "--no-store", "--output", path("out.csv")]
        let first = try startedBatch(arguments + ["--rate", "2"])
        let deadline = Date().addingTimeInterval(30)
        while first.isRunning && lines(checkpoint) < 2 && Date() < deadline { usleep(5_000) }
        #expect(first.isRunning)
        let advice = "cpvanity: another cpvanity is writing \(path("out.csv")) now (its checkpoint \(checkpoint) is in use); nothing was changed: wait for it to finish, or give --output another file\n"
        let second = try run("cpvanity", arguments + ["--rate", "0"])
        #expect(second.status == 2)
        #expect(second.stderr == advice)
        let resumed = try run("cpvanity", arguments + ["--rate", "0", "--resume", "--retry-failed"])
        #expect(resumed.status == 2)
        #expect(resumed.stderr == advice)
        first.waitUntilExit()
        #expect(first.terminationStatus == 1)  // two IDs the replica does not have
        #expect(try csvIDs(path("out.csv")) == ids)
        #expect(!FileManager.default.fileExists(atPath: checkpoint))
    }

    /// Under a slow --rate every member is in flight from the start, waiting for its turn;
    /// Ctrl-C must not wait out all those turns. Members not yet fetched are left for
    /// --resume, and the resumed run fetches only them.
    @Test func ctrlCUnderASlowRateLeavesTheWaitingMembersForResume() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer([])
        let ids = ["48201", "7315", "90210", "1842", "200000", "200001"]
        try ids.joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let checkpoint = path(".out.csv.cpvanity-checkpoint")
        let arguments = ["batch", "--base-url", server.baseURL, "--retries", "0", "--ids", path("ids.txt"), "--output", path("out.csv")]

        // 13 requests at 2 a second: stopped after the first member is saved, about 1 s in.
        let status = try interruptedBatch(arguments + ["--rate", "2"], signal: SIGINT, after: 1, checkpoint: checkpoint)
        #expect(status == 130)
        let saved = lines(checkpoint) - 1
        #expect(saved >= 1 && saved < ids.count, "\(saved) members in the checkpoint")
        #expect(!FileManager.default.fileExists(atPath: path("out.csv")))
        let requestedBeforeStop = try server.stats().pages.count

        // Resuming after the pack's fields changed would mix records read by two packs:
        // refused, saying why, the checkpoint untouched.
        let packs = directory.appendingPathComponent("packs")
        try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
        let edited = try String(contentsOfFile: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path, encoding: .utf8)
            + "\n[fields.extra]\nsource = \"profile\"\npattern = 'extra=(\\d+)'\n"
        try edited.write(to: packs.appendingPathComponent("codeproject.toml"), atomically: true, encoding: .utf8)
        let otherPack = try run("cpvanity", arguments + ["--rate", "0", "--resume", "--patterns", packs.path])
        #expect(otherPack.status == 2)
        #expect(otherPack.stderr.contains("the pack's fields have changed since"), "\(otherPack.stderr)")
        #expect(lines(checkpoint) - 1 == saved)

        // Other options are fine: the checkpoint holds records, and the file is written
        // from them as the finishing run asks (here with only two columns).
        _ = try Data(contentsOf: URL(string: server.baseURL + "/_fixture/reset")!)
        let resumed = try run("cpvanity", arguments + ["--rate", "0", "--resume", "--columns", "id,name"])
        #expect(resumed.status == 1)  // the two unknown IDs are failed rows
        #expect(try String(contentsOfFile: path("out.csv"), encoding: .utf8).hasPrefix("id,name\r\n"))
        #expect(Set(try csvIDs(path("out.csv"))) == Set(ids))
        #expect(try csvIDs(path("out.csv")).count == ids.count)
        let refetched = Set(try server.stats().pages.compactMap(\.id))
        #expect(refetched.count == ids.count - saved, "\(refetched.count) members fetched on resume, \(saved) were saved")
        #expect(requestedBeforeStop < 2 * ids.count, "\(requestedBeforeStop) pages requested before the stop")
    }

    /// A member that failed during an outage is kept as a failed row on --resume, unless
    /// --retry-failed: then it is looked up again and its new row is its only one.
    @Test func retryFailedLooksUpTheFailedMembersAgainOnResume() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // The outage: 7315 answers 500, and 1842 trickles in so slowly that the batch is
        // killed before it finishes.
        let down = try FixtureServer(["--status-on", "7315=500", "--body", "1842=slow", "--slow-ms", "60000"])
        let ids = ["7315", "48201", "90210", "1842"]
        try ids.joined(separator: "\n").write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let checkpoint = path(".out.csv.cpvanity-checkpoint")
        let arguments = ["batch", "--retries", "0", "--rate", "0", "--ids", path("ids.txt"), "--output", path("out.csv")]

        let wrongly = try run("cpvanity", arguments + ["--base-url", down.baseURL, "--retry-failed"])
        #expect(wrongly.status == 64)
        #expect(wrongly.stderr.contains("use it with --resume"), "\(wrongly.stderr)")

        let process = try startedBatch(arguments + ["--base-url", down.baseURL])
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && lines(checkpoint) < 4 && Date() < deadline { usleep(5_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let saved = (try? String(contentsOfFile: checkpoint, encoding: .utf8)) ?? ""
        let entries = saved.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        #expect(entries.contains { $0["id"] as? String == "7315" && $0["failed"] as? Bool == true }, "7315 saved as failed: \(saved)")

        // The site is back.
        let up = try FixtureServer()
        let resumed = try run("cpvanity", arguments + ["--base-url", up.baseURL, "--resume", "--retry-failed"])
        // 1: 1842's old list shows no bookmarks or downloads, so their totals are unknown.
        #expect(resumed.status == 1, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("(failed members included)"), "\(resumed.stderr)")
        let reader = try CSVReader(string: try String(contentsOfFile: path("out.csv"), encoding: .utf8), hasHeaderRow: true)
        var rows = [String: String]()
        while reader.next() != nil { rows[reader["id"] ?? "", default: ""] += "[\(reader["name"] ?? "")|\(reader["error"] ?? "")]" }
        #expect(rows["7315"] == "[Tomasz Wirth|]")
        #expect(rows["48201"] == "[Maren Okafor|]")
        #expect(rows["1842"]?.hasPrefix("[René Kowalczyk|extraction stats.total_bookmarks: unknown: no row shows bookmarks") == true, "\(rows)")
        #expect(try csvIDs(path("out.csv")) == ids)
        // Only the failed member and the unfinished one were looked up again.
        #expect(Set(try up.stats().pages.compactMap(\.id)) == ["7315", "1842"])
    }

    /// A member told to come back in a minute (503, Retry-After: 60) does not hold up
    /// Ctrl-C: it is left for --resume, not waited for and not saved as failed.
    @Test func ctrlCDoesNotWaitOutARetryAfter() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer(["--status-on", "48201=503", "--retry-after", "60"])
        try "48201\n".write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        let checkpoint = path(".out.csv.cpvanity-checkpoint")
        let arguments = ["batch", "--base-url", server.baseURL, "--rate", "0", "--retries", "3",
                         "--ids", path("ids.txt"), "--output", path("out.csv")]
        let process = try startedBatch(arguments)
        // Wait for the first 503 (the replica counts the requests it refused).
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline, (try? server.stats().pages.count) ?? 0 < 1 { usleep(20_000) }
        usleep(200_000)
        let signalled = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        // Waiting out the Retry-After would take 60 s; a stop takes a fraction of one.
        #expect(Date().timeIntervalSince(signalled) < 20)
        #expect(process.terminationStatus == 130)
        #expect(lines(checkpoint) == 1, "only the checkpoint's header: the member was not saved")
    }

    @Test func bomForExcel() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--output", path("m.csv"), "--bom"],
                             stdin: Data("90210\n".utf8))
        #expect(result.status == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("m.csv"))))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF] + Array("id,site,".utf8)))
        #expect(String(decoding: bytes, as: UTF8.self).contains(",Zoë O'Brien-Ångström,"))
        let notCSV = try run("cpvanity", ["batch", "--output", path("m.json"), "--bom"], stdin: Data("90210\n".utf8))
        #expect(notCSV.status == 64)
    }

    @Test func anOutputWhoseFormatCannotBeToldIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run("cpvanity", ["batch", "--base-url", "http://127.0.0.1:9", "--output", path("members.pdf")], stdin: Data("48201\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderr.contains("--output \(path("members.pdf")): cpvanity writes no .pdf files; name it .txt, .json, .ndjson, .csv, .md or .xlsx, or say which with --format."))
        #expect(!FileManager.default.fileExists(atPath: path("members.pdf")))
    }

    @Test func idFilesSavedOnWindowsLoseNoID() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        // A byte-order mark and CRLF line ends, as Notepad saves them; a zero-width space
        // is white space like any other.
        try Data("\u{FEFF}48201\r\n7315\r\n# a comment\r\n90210\r\n\u{200B}1842\r\n".utf8).write(to: URL(fileURLWithPath: path("ids.txt")))
        // The file as an argument, the same as --ids FILE.
        let result = try run("cpvanity", ["batch", path("ids.txt"), "--base-url", server.baseURL, "--rate", "0",
                                          "--format", "ndjson", "--no-store"])
        #expect(result.status == 1)  // 1842's old list: its totals of bookmarks and downloads are unknown
        let ids = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids.sorted() == ["1842", "48201", "7315", "90210"])
        #expect(result.stderr.contains("\ncpvanity: batch: 4 of 4 members · 3 ok · 1 failed · "), "\(result.stderr)")
    }

    @Test func idsFromACSVColumnOrStandardInput() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        try "name,member id\nMaren,48201\nTomasz,7315\nnobody,not-an-id\nMaren again,48201\n"
            .write(toFile: path("people.csv"), atomically: true, encoding: .utf8)
        let fromCSV = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--ids", path("people.csv"),
                                           "--id-column", "member id", "--format", "ndjson"])
        #expect(fromCSV.status == 1)  // one ID was skipped
        let ids = fromCSV.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(Set(ids) == ["48201", "7315"])
        #expect(fromCSV.stderr.contains("people.csv:4: \"not-an-id\" is not a CodeProject member ID"))
        #expect(fromCSV.stderr.contains("1 invalid ID skipped · 1 duplicate dropped"))

        let missingColumn = try run("cpvanity", ["batch", "--ids", path("people.csv"), "--id-column", "id"])
        #expect(missingColumn.status == 2)
        #expect(missingColumn.stderr.contains("has no column 'id'; its columns are name, member id"))

        let fromStdin = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--format", "csv"],
                                stdin: Data("# two members\n90210\n\n1842  # old markup\n".utf8))
        #expect(fromStdin.status == 1)  // 1842's old list: its totals of bookmarks and downloads are unknown
        #expect(Set(try csvIDsFromText(fromStdin.stdout)) == ["90210", "1842"])
    }

    func csvIDsFromText(_ text: String) throws -> [String] {
        let reader = try CSVReader(string: text, hasHeaderRow: true)
        var ids = [String]()
        while reader.next() != nil { ids.append(reader["id"] ?? "") }
        return ids
    }

    @Test func noProgressBarWhenStderrIsNotATerminal() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "-o", path("out.json")],
                             stdin: Data("48201\n7315\n".utf8))
        #expect(result.status == 0)
        #expect(!result.stderr.contains("\r"))
        #expect(!result.stderr.contains("█"))
        // One line: the per-field table only on drift or when asked.
        #expect(result.stderr.hasPrefix("cpvanity: batch: 2 of 2 members · 2 ok · 0 failed · "))
        #expect(result.stderr.hasSuffix(" · wrote \(path("out.json"))\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("out.json")))) as? [[String: Any]])
        #expect(Set(records.compactMap { $0["id"] as? String }) == ["48201", "7315"])
        #expect(records.allSatisfy { $0["schema"] as? String == "cpvanity.member/2" })
    }

    @Test func badInputIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try run("cpvanity", ["batch", "--ids", path("nope.txt")])
        #expect(missing.status == 2)
        #expect(missing.stderr == "cpvanity: cannot read \(path("nope.txt")): no such file\n")
        let idsAsFile = try run("cpvanity", ["batch", "48201", "7315"])
        #expect(idsAsFile.status == 64)
        #expect(idsAsFile.stderr.hasPrefix("cpvanity: batch reads its IDs from a file or standard input, and there is no file '48201'; for IDs on the command line, run 'cpvanity member 48201 ...' (or: echo 48201 | cpvanity batch).\n"), "\(idsAsFile.stderr)")
        let twice = try run("cpvanity", ["batch", path("a.txt"), "--ids", path("b.txt")])
        #expect(twice.status == 64)
        #expect(twice.stderr.hasPrefix("cpvanity: Give the file of IDs once: 'batch \(path("a.txt"))' or 'batch --ids \(path("b.txt"))', not both.\n"), "\(twice.stderr)")
        let empty = try run("cpvanity", ["batch"], stdin: Data("# nothing\n\n".utf8))
        #expect(empty.status == 2)
        #expect(empty.stderr == "cpvanity: no member IDs in <stdin>\n")
        let resumeToStdout = try run("cpvanity", ["batch", "--resume"], stdin: Data("1\n".utf8))
        #expect(resumeToStdout.status == 64)

        // An output that could never be written is refused before anything is fetched.
        let server = try FixtureServer()
        let intoDirectory = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--output", directory.path], stdin: Data("7315\n".utf8))
        #expect(intoDirectory.status == 64)
        #expect(intoDirectory.stderr.hasPrefix("cpvanity: --output \(directory.path) is a directory: give the export a file name, e.g. \(path("members.csv"))\n"),
                "\(intoDirectory.stderr)")
        try "x".write(toFile: path("afile"), atomically: true, encoding: .utf8)
        let throughAFile = path("afile/out.csv")
        let intoAFile = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--output", throughAFile], stdin: Data("7315\n".utf8))
        #expect(intoAFile.status == 64)
        #expect(intoAFile.stderr.hasPrefix("cpvanity: --output \(throughAFile): \(path("afile")) is a file, not a directory\n"), "\(intoAFile.stderr)")
        #expect(try server.stats().pages.isEmpty)

        // One rule for what cpvanity writes (--output, --db, --cache, --save-pages, --summary):
        // missing directories are made, and said.
        let nowhere = path("no/such/dir/out.csv")
        let intoNowhere = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--output", nowhere,
                                               "--summary", path("other/dir/summary.json")], stdin: Data("7315\n".utf8))
        #expect(intoNowhere.status == 0, "\(intoNowhere.stderr)")
        #expect(FileManager.default.fileExists(atPath: nowhere))
        #expect(FileManager.default.fileExists(atPath: path("other/dir/summary.json")))
        #expect(intoNowhere.stderr.contains("cpvanity: created \(path("no")) and 2 more below it for the output\n"), "\(intoNowhere.stderr)")
        #expect(intoNowhere.stderr.contains("cpvanity: created \(path("other")) and 1 more below it for the summary\n"), "\(intoNowhere.stderr)")
    }
}

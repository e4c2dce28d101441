import Foundation
import TestSupport
import Testing

/// A user's files are theirs: every file cpvanity writes on a user's path lands where
/// the path points (the file a link names, the link left a link; into a FIFO or a
/// device as `>` would), never replacing what it did not make.
@Suite(.serialized) struct UserFilesTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("real"), withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// Every command's file through a link: `--output` of member, batch and report,
    /// history's and a list's `-o`, `--summary`.
    @Test func everyFileIsWrittenThroughALink() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let site = ["--base-url", server.baseURL, "--rate", "0"]
        let db = path("history.sqlite")
        let names = ["member.csv", "batch.json", "report.html", "history.csv", "tracked.csv", "summary.json"]
        for name in names {
            try "the user's old \(name)\n".write(toFile: path("real/\(name)"), atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: "real/\(name)")
        }
        let env = ["CPVANITY_DB": db]
        #expect(try run("cpvanity", ["member", "48201", "--output", path("member.csv")] + site, environment: env).status == 0)
        #expect(try run("cpvanity", ["batch", "--output", path("batch.json"), "--summary", path("summary.json")] + site,
                        stdin: Data("7315\n48201\n".utf8), environment: env).status == 0)
        #expect(try run("cpvanity", ["report", "7315", "--output", path("report.html")] + site, environment: env).status == 0)
        #expect(try run("cpvanity", ["history", "48201", "-o", path("history.csv")], environment: env).status == 0)
        #expect(try run("cpvanity", ["track", "add", "48201"], environment: env).status == 0)
        #expect(try run("cpvanity", ["track", "list", "-o", path("tracked.csv")], environment: env).status == 0)
        for name in names {
            #expect(isLink(path(name)), "\(name) is no longer a link")
            let text = try String(contentsOfFile: path("real/\(name)"), encoding: .utf8)
            #expect(!text.hasPrefix("the user's old"), "\(name) was not written through its link")
        }
        #expect(try String(contentsOfFile: path("real/member.csv"), encoding: .utf8).hasPrefix("id,site,fetched_at,name,"))
        let batch = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("real/batch.json")))) as? [[String: Any]]
        #expect(batch?.compactMap { $0["id"] as? String } == ["7315", "48201"])
        // No temporary file or checkpoint is left beside either the link or the file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("real")).sorted() == names.sorted())
    }

    /// A FIFO is written into as the members come, and stays a FIFO: its reader gets
    /// the whole export in the list's order; no checkpoint is kept beside it.
    @Test func aBatchIntoAFIFOReachesItsReader() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        #expect(mkfifo(path("members.csv"), 0o600) == 0)
        let box = ReadBox()
        let fifo = path("members.csv")
        let reader = Thread { box.data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data() }
        reader.start()
        let result = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--output", fifo],
                             stdin: Data("7315\n48201\n90210\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let deadline = Date().addingTimeInterval(10)
        while box.data == nil && Date() < deadline { usleep(10_000) }
        let lines = String(decoding: box.data ?? Data(), as: UTF8.self).split(separator: "\r\n")
        #expect(lines.count == 4)
        #expect(lines.dropFirst().map { $0.split(separator: ",").first.map(String.init) ?? "" } == ["7315", "48201", "90210"])
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["members.csv", "real"])
    }

    /// A device is written into, never replaced by a file: /dev/full's refusal is the
    /// error (status 2), and /dev/full is still the device; /dev/stdout is standard output.
    @Test func aDeviceIsWrittenIntoNotReplaced() throws {
        let server = try FixtureServer()
        let full = try run("cpvanity", ["member", "48201", "--base-url", server.baseURL, "--rate", "0", "--no-store",
                                        "--format", "json", "--output", "/dev/full"])
        #expect(full.status == 2)
        #expect(full.stderr.contains("cpvanity: cannot write /dev/full: No space left on device"), "\(full.stderr)")
        var status = stat()
        #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        let out = try run("cpvanity", ["member", "48201", "--base-url", server.baseURL, "--rate", "0", "--no-store",
                                       "--json", "id,name", "--compact", "--output", "/dev/stdout"])
        #expect(out.status == 0)
        #expect(out.stdout == #"[{"id":"48201","name":"Maren Okafor"}]"# + "\n")
    }

    /// CSV on a terminal: its CRLF line ends are line breaks, not an escaped `\u{D}`.
    @Test func csvOnATerminalEndsItsLinesAsLines() throws {
        let server = try FixtureServer()
        let result = try runOnTerminal("cpvanity", ["member", "48201", "7315", "--base-url", server.baseURL, "--rate", "0", "--no-store",
                                                    "--format", "csv", "--columns", "id,name"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        // The terminal turns each line feed into CR LF itself (onlcr): CRLF arrives as CR CR LF.
        #expect(result.stdout.replacingOccurrences(of: "\r", with: "") == "id,name\n48201,Maren Okafor\n7315,Tomasz Wirth\n",
                "\(result.stdout.debugDescription)")
        #expect(!result.stdout.contains(#"\u{D}"#))
    }
}

private final class ReadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data?
    var data: Data? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

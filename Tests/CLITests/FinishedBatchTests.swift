import Foundation
import TestSupport
import Testing

/// A batch's ends as a user meets them: finished and asked to resume (nothing to
/// resume), stopped by SIGTERM (said in its words, with how to go on), and ended at
/// once by a second signal (no temporary file left beside the output).
@Suite struct FinishedBatchTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-finished-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A resume of a batch that finished: said, and nothing fetched, the file as it was.
    @Test func aResumeOfAFinishedBatchFetchesNothing() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer()
        let arguments = ["batch", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--output", path("out.csv")]
        #expect(try run("cpvanity", arguments, stdin: Data("48201\n7315\n".utf8)).status == 0)
        let written = try String(contentsOfFile: path("out.csv"), encoding: .utf8)
        let fetched = try server.stats().pages.count
        let again = try run("cpvanity", arguments + ["--resume"], stdin: Data("48201\n7315\n".utf8))
        #expect(again.status == 0)
        #expect(again.stderr == "cpvanity: \(path("out.csv")) is complete (the batch that wrote it finished, and left no checkpoint): nothing to resume, nothing fetched; to look the members up again, run the batch without resuming\n")
        #expect(try server.stats().pages.count == fetched)
        #expect(try String(contentsOfFile: path("out.csv"), encoding: .utf8) == written)
    }

    /// A batch stopped by `signals` (one, or two in a row) once its checkpoint holds a few
    /// members: its exit status and what it said on stderr.
    func stopped(by signals: [Int32], _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = startedCommand(arguments)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let checkpoint = path(".out.csv.cpvanity-checkpoint")
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && (((try? String(contentsOfFile: checkpoint, encoding: .utf8)) ?? "").split(separator: "\n").count <= 5)
            && Date() < deadline { usleep(5_000) }
        for signal in signals { kill(process.processIdentifier, signal) }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    /// A batch of 200 members from a slow server into out.csv, stopped by `signals`.
    func slowBatchStopped(by signals: [Int32]) throws -> (status: Int32, stderr: String) {
        let server = try FixtureServer(["--latency", "40"])
        let ids = (1...200).map { String(300_000 + $0) }.joined(separator: "\n")
        try ids.write(toFile: path("ids.txt"), atomically: true, encoding: .utf8)
        return try stopped(by: signals, ["batch", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "2", "--retries", "0",
                                         "--no-store", "--ids", path("ids.txt"), "--output", path("out.csv")])
    }

    @Test func aSIGTERMIsSaidInItsOwnWordsAndTheWayOnIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, said) = try slowBatchStopped(by: [SIGTERM])
        #expect(status == 143)
        #expect(said.contains("(a second SIGTERM ends it now)"), "\(said)")
        #expect(!said.contains("Ctrl-C"), "\(said)")
        #expect(said.contains("is unchanged, and what finished is kept in its checkpoint\ncpvanity: hint: continue it with the same command and --resume\n"), "\(said)")
    }

    @Test func aSecondSignalLeavesNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, _) = try slowBatchStopped(by: [SIGINT, SIGINT])
        #expect(status == 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("cpvanity-tmp") }
        #expect(left.isEmpty, "\(left)")
        #expect(!FileManager.default.fileExists(atPath: path("out.csv")))
    }
}

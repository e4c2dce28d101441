import Foundation
import TestSupport
import Testing

/// A batch that finished and is asked to resume: there is nothing to resume.
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
}

import Foundation
import TestSupport
import Testing

/// Random ID files read by the built binary: every line is an ID, a comment or a
/// rejected line with its place; the run never traps.
@Suite struct IDListFuzzTests {
    @Test func randomIDFilesNeverTrap() throws {
        var input = FuzzInput()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-idfuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pieces = ["48201", "\r\n", "\n", "\r", "# note", ",", "\u{FEFF}", "0", "-1", "99999999999999999999", " ", "\t", "id", "\"", "é", "\u{1B}[2J"]
        for round in 0..<12 {
            let file = directory.appendingPathComponent("ids-\(round).txt")
            let bytes = round % 3 == 0 ? input.bytes(Int.random(in: 0...300, using: &input))
                : Array(input.text(from: pieces, count: Int.random(in: 0...60, using: &input)).utf8)
            try Data(bytes).write(to: file)
            // A dead port: valid IDs fail fast as network errors; nothing is fetched for the rest.
            let result = try run("cpvanity", ["batch", "--ids", file.path, "--base-url", "http://127.0.0.1:9", "--rate", "0",
                                              "--retries", "0", "--connect-timeout", "1", "--no-store", "--format", "ndjson"])
            #expect([0, 1, 2].contains(result.status), "status \(result.status); \(input.repeatHint)\n\(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}"), "\(input.repeatHint)")
        }
    }
}

@testable import App
import Foundation
import Lookup
import Report
import Testing
import TestSupport

/// A batch's records into the checkpoint, then into the output in the list's order,
/// in the format of the run that finishes.
@Suite struct CheckpointedExportTests {
    let directory: URL
    let order = ["48201", "31337", "7315"]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func open(_ output: String, format: String, resume: Bool = false,
                      heldInMemory: Int = CheckpointedExport.recordsHeldInMemory) throws -> (CheckpointedExport, [String: Bool]) {
        var settings = OutputSettings(format: try #require(RecordFormats.named(format)), options: ReportOptions(), file: output)
        settings.resume = resume
        return try CheckpointedExport.open(settings, path: output, pack: FixtureRecords.pack, order: order, heldInMemory: heldInMemory)
    }

    /// Temporary files beside the output, the run's own or another's.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".cpvanity-tmp-") }
    }

    /// Records stream into the file as the list's order allows; one that finished too
    /// far ahead of its turn is read back from the checkpoint, not held in memory; the
    /// file is the same either way.
    @Test func aRecordPastTheMemorysShareIsReadBackFromTheCheckpoint() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.ndjson").path
        let (export, _) = try open(output, format: "ndjson", heldInMemory: 1)
        try export.add(FixtureRecords.record("7315"))
        try export.add(FixtureRecords.failed("31337"))
        // Being written already, beside the output, while the batch runs.
        #expect(try leftovers().count == 1)
        try export.add(FixtureRecords.record("48201"))
        try export.finish()
        let expected = try #require(RecordFormats.named("ndjson")).text(order.map { $0 == "31337" ? FixtureRecords.failed($0) : FixtureRecords.record($0) },
                                                                         pack: FixtureRecords.pack, options: ReportOptions())
        #expect(try String(contentsOfFile: output, encoding: .utf8) == expected)
        #expect(try leftovers().isEmpty)
    }

    /// A stopped batch leaves the output as it was and no temporary file; one a killed
    /// run left (its process gone) is removed by the next.
    @Test func noTemporaryFileOutlivesItsRun() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.csv").path
        try "yesterday\n".write(toFile: output, atomically: true, encoding: .utf8)
        do {
            let (export, _) = try open(output, format: "csv")
            try export.add(FixtureRecords.record("7315"))
            try export.interrupted()
            #expect(try leftovers().isEmpty)
        }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "yesterday\n")
        // pid 4194304 is past Linux's largest: no such process.
        let killed = directory.appendingPathComponent(".out.csv.cpvanity-tmp-4194304").path
        try "half a file".write(toFile: killed, atomically: false, encoding: .utf8)
        let (export, done) = try open(output, format: "csv", resume: true)
        #expect(done == ["7315": false])
        #expect(!FileManager.default.fileExists(atPath: killed))
        try export.add(FixtureRecords.record("48201"))
        try export.add(FixtureRecords.failed("31337"))
        try export.finish()
        #expect(try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\r\n").dropFirst().map { $0.prefix { $0 != "," } }
                == ["48201", "31337", "7315", ""])
        #expect(try leftovers().isEmpty)
    }

    @Test func recordsFinishingOutOfOrderAreWrittenInTheListsOrderInTheFormatAskedLast() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.ndjson").path
        do {
            let (export, done) = try open(output, format: "csv")
            #expect(done.isEmpty)
            try export.add(FixtureRecords.record("7315"))
            try export.add(FixtureRecords.failed("31337"))
            // Interrupted: the output is not written, the checkpoint keeps both.
            try export.interrupted()
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect { try open(output, format: "csv") } throws: { error in
            guard case .checkpointExists? = error as? AppError else { return false }
            return true
        }
        // Resumed as NDJSON: the checkpoint holds records, not CSV lines.
        let (export, done) = try open(output, format: "ndjson", resume: true)
        #expect(done == ["7315": false, "31337": true])
        try export.add(FixtureRecords.record("48201"))
        try export.finish()
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let ids = lines.map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))).flatMap { ($0 as? [String: Any])?["id"] as? String }
        }
        #expect(ids == ["48201", "31337", "7315"])
        #expect(!FileManager.default.fileExists(atPath: ExportJournal.path(besideOutput: output)))
        let expected = try #require(RecordFormats.named("ndjson")).text(order.map { $0 == "31337" ? FixtureRecords.failed($0) : FixtureRecords.record($0) },
                                                                         pack: FixtureRecords.pack, options: ReportOptions())
        #expect(try String(contentsOfFile: output, encoding: .utf8) == expected)
    }

    /// A checkpoint an older cpvanity wrote (records coded otherwise) is refused, left as
    /// it is, and said to be another version's.
    @Test func anOlderVersionsCheckpointIsRefusedAndKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.csv").path
        do {
            let (export, _) = try open(output, format: "csv")
            try export.add(FixtureRecords.record("7315"))
            try export.interrupted()
        }
        let checkpoint = ExportJournal.path(besideOutput: output)
        let text = try String(contentsOfFile: checkpoint, encoding: .utf8)
        #expect(text.contains(#""journal":"cpvanity.checkpoint\/7""#) || text.contains(#""journal":"cpvanity.checkpoint/7""#))
        let older = text.replacingOccurrences(of: "cpvanity.checkpoint\\/7", with: "cpvanity.checkpoint\\/6")
            .replacingOccurrences(of: "cpvanity.checkpoint/7", with: "cpvanity.checkpoint/6")
        try older.write(toFile: checkpoint, atomically: true, encoding: .utf8)
        #expect { try open(output, format: "csv", resume: true) } throws: { error in
            guard case .checkpointMismatch(let path, let reasons)? = error as? AppError else { return false }
            return path == checkpoint && reasons.isEmpty
                && (error as? AppError)?.description == "the checkpoint \(checkpoint) is for a different export (written by another version of cpvanity)"
        }
        #expect(try String(contentsOfFile: checkpoint, encoding: .utf8) == older)
    }
}

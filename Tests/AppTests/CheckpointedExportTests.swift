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

    private func open(_ output: String, format: String, resume: Bool = false) throws -> (CheckpointedExport, [String: Bool]) {
        var settings = OutputSettings(format: try #require(RecordFormats.named(format)), options: ReportOptions(), file: output)
        settings.resume = resume
        return try CheckpointedExport.open(settings, path: output, pack: FixtureRecords.pack, order: order)
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
        #expect(text.contains(#""journal":"cpvanity.checkpoint\/3""#) || text.contains(#""journal":"cpvanity.checkpoint/3""#))
        let older = text.replacingOccurrences(of: "cpvanity.checkpoint\\/3", with: "cpvanity.checkpoint\\/2")
            .replacingOccurrences(of: "cpvanity.checkpoint/3", with: "cpvanity.checkpoint/2")
        try older.write(toFile: checkpoint, atomically: true, encoding: .utf8)
        #expect { try open(output, format: "csv", resume: true) } throws: { error in
            guard case .checkpointMismatch(let path, let reasons)? = error as? AppError else { return false }
            return path == checkpoint && reasons.isEmpty
                && (error as? AppError)?.description == "the checkpoint \(checkpoint) is for a different export (written by another version of cpvanity)"
        }
        #expect(try String(contentsOfFile: checkpoint, encoding: .utf8) == older)
    }
}

import App
import Foundation
import Report
import Testing
import TestSupport

/// A batch's records into the checkpoint, then into the output in the list's order.
@Suite struct FileBatchSinkTests {
    let directory: URL
    let options = ReportOptions()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func open(_ output: String, resume: Bool = false) throws -> (FileBatchSink, [String: Bool]) {
        let pack = FixtureRecords.pack
        return try FileBatchSink.open(output: output, order: ["48201", "31337", "7315"], resume: resume, retryFailed: false,
                                      formatter: Formatters.make(.ndjson, pack: pack, options: options),
                                      header: ExportJournal.Header(site: pack.name, format: "ndjson",
                                                                   options: ExportFingerprint(format: .ndjson, options: options, pack: pack).encoded),
                                      fingerprint: ExportFingerprint(format: .ndjson, options: options, pack: pack))
    }

    @Test func recordsFinishingOutOfOrderAreWrittenInTheListsOrder() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.ndjson").path
        let formatter = Formatters.make(.ndjson, pack: FixtureRecords.pack, options: options)
        let records = ["7315": FixtureRecords.record("7315"), "31337": FixtureRecords.failed("31337"), "48201": FixtureRecords.record("48201")]
        do {
            let (sink, done) = try open(output)
            #expect(done.isEmpty)
            for id in ["7315", "31337"] { try sink.add(try #require(records[id]), chunk: formatter.chunk(try #require(records[id]))) }
            // Interrupted: the output is not written, the checkpoint keeps both.
            try sink.interrupted()
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect { try open(output) } throws: { $0 as? App.ExitStatus == .badInput }

        let (sink, done) = try open(output, resume: true)
        #expect(done == ["7315": false, "31337": true])
        try sink.add(try #require(records["48201"]), chunk: formatter.chunk(try #require(records["48201"])))
        try sink.finish()
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        let ids = lines.map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))).flatMap { ($0 as? [String: Any])?["id"] as? String }
        }
        #expect(ids == ["48201", "31337", "7315"])
        #expect(!FileManager.default.fileExists(atPath: ExportJournal.path(besideOutput: output)))
    }
}

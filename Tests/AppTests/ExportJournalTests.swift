@testable import App
import Foundation
import Lookup
import Report
import Testing
import TestSupport

/// The checkpoint: whole records a line, read back in the list's order, a line torn by
/// a kill left out.
@Suite struct ExportJournalTests {
    /// Each test's own; each test removes it.
    let directory: URL
    let header = ExportJournal.Header(site: "codeproject", format: "csv", options: "x")

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The checkpoint's records in the order of `order`, as a resumed export reads them
    /// back: through the list's order, each from its place.
    func records(_ journal: ExportJournal, inOrderOf order: [String]) throws -> [MemberRecord] {
        var list = ListOrder<ExportJournal.Place>(order)
        for (id, place) in journal.places() { list.hold(place, for: id) }
        return try list.rest().map { try journal.record(at: $0.item, member: $0.id) }
    }

    /// A checkpoint beside `out.csv` holding `records`, closed.
    func checkpoint(of records: [MemberRecord]) throws -> String {
        let path = ExportJournal.path(besideOutput: directory.appendingPathComponent("out.csv").path)
        let journal = try ExportJournal.create(at: path, header: header)
        for record in records { try journal.append(record) }
        return path
    }

    func ids(_ journal: ExportJournal, _ order: [String]) throws -> [String] {
        try records(journal, inOrderOf: order).map(\.id)
    }

    @Test func recordsSurviveAndATornLineIsLeftOut() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.csv").path
        let path = ExportJournal.path(besideOutput: output)
        #expect(path == directory.appendingPathComponent(".out.csv.cpvanity-checkpoint").path)
        do {
            let journal = try ExportJournal.create(at: path, header: header)
            try journal.append(FixtureRecords.record("7315"))
            try journal.append(FixtureRecords.failed("31337"))
        }
        // A kill in the middle of writing the third entry.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"id":"48201","failed":false,"record":{"id":"48"#.utf8))
        try handle.close()

        let (journal, found, entries) = try ExportJournal.resume(at: path)
        #expect(found == header)
        #expect(entries == [ExportJournal.EntryHead(id: "7315", failed: false), ExportJournal.EntryHead(id: "31337", failed: true)])
        try journal.append(FixtureRecords.record("48201"))
        let records = try records(journal, inOrderOf: ["48201", "31337", "7315"])
        #expect(records.map(\.id) == ["48201", "31337", "7315"])
        // Whole records as every format shows them: what a format writes from them is what
        // it writes from the lookup's (the per-field outcomes, counted by the run as members
        // finish, are not kept).
        #expect(records[2].extracted == FixtureRecords.record("7315").withoutOutcomes.extracted)
        #expect(records[2].extracted.outcomes.isEmpty && !FixtureRecords.record("7315").extracted.outcomes.isEmpty)
        let csv = try #require(RecordFormats.named("csv"))
        #expect(try csv.text([records[2]], pack: FixtureRecords.pack, options: ReportOptions())
                == (try csv.text([FixtureRecords.record("7315")], pack: FixtureRecords.pack, options: ReportOptions())))
        #expect(records[1].errors == FixtureRecords.failed("31337").errors)
    }

    /// `--retry-failed`: failed entries leave the checkpoint before the batch goes on,
    /// so the member's new record is its only one.
    @Test func failedEntriesCanBeDroppedOnResume() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try checkpoint(of: [FixtureRecords.record("7315"), FixtureRecords.failed("31337"), FixtureRecords.record("48201")])
        #expect(try ExportJournal.header(at: path) == header)
        do {
            let (journal, _, entries) = try ExportJournal.resume(at: path, dropping: { $0.failed })
            #expect(entries.map(\.id) == ["7315", "48201"])
            try journal.append(FixtureRecords.record("31337"))
            // While one batch holds it, no other may resume it.
            #expect(ExportJournal.isInUse(path))
            #expect(throws: ExportError.self) { _ = try ExportJournal.resume(at: path) }
        }
        #expect(!ExportJournal.isInUse(path))
        // What a later resume reads: the dropped entry is gone from the file itself.
        let (_, _, reread) = try ExportJournal.resume(at: path)
        #expect(reread.map(\.id) == ["7315", "48201", "31337"])
        #expect(reread.map(\.failed) == [false, false, false])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [".out.csv.cpvanity-checkpoint"])
    }

    /// Members finish in any order; the file lists them in the input's, with exactly the
    /// input's members: those it does not hold are left out, one written twice appears once.
    /// Two batches starting together on one output: the second is refused before it
    /// changes anything (the checkpoint is emptied only once its lock is held).
    @Test func aSecondBatchOnTheSameCheckpointChangesNothing() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = ExportJournal.path(besideOutput: directory.appendingPathComponent("out.csv").path)
        let first = try ExportJournal.create(at: path, header: header)
        try first.append(FixtureRecords.record("7315"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = #expect(throws: ExportError.self) { _ = try ExportJournal.create(at: path, header: header) }
        #expect(refused?.description == "another cpvanity is writing \(directory.appendingPathComponent("out.csv").path) now (its checkpoint \(path) is in use); nothing was changed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try ids(first, ["7315"]) == ["7315"])
    }

    @Test func recordsComeInTheInputsOrder() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try ExportJournal.create(at: ExportJournal.path(besideOutput: directory.appendingPathComponent("out.json").path), header: header)
        for id in ["48201", "7315", "90210", "7315"] { try journal.append(FixtureRecords.record(id)) }
        #expect(try ids(journal, ["7315", "31337", "48201"]) == ["7315", "48201"])
    }

    /// Failures say what the system said, not "error 0", of the file the user named
    /// (the checkpoint is hidden beside it).
    @Test func writeFailuresSayWhy() {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("missing/.out.csv.cpvanity-checkpoint").path
        do {
            _ = try ExportJournal.create(at: path, header: header)
            Issue.record("created a checkpoint in a directory that does not exist")
        } catch {
            #expect("\(error)" == "cannot write \(directory.appendingPathComponent("missing/out.csv").path): No such file or directory")
        }
    }

    /// A full disk says so in plain words (it was "NSCocoaErrorDomain Code=640 ...").
    @Test func aFullDiskSaysSo() {
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        let cocoa = NSError(domain: NSCocoaErrorDomain, code: NSFileWriteOutOfSpaceError, userInfo: [NSUnderlyingErrorKey: posix])
        #expect(ExportError(writing: "out.csv", cocoa).description == "cannot write out.csv: No space left on device")
        let bare = NSError(domain: NSCocoaErrorDomain, code: NSFileWriteOutOfSpaceError)
        #expect(ExportError(writing: "out.csv", bare).description == "cannot write out.csv: No space left on device")
    }

    @Test func aFileThatIsNotACheckpointIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("members.csv").path
        try "id,name\n1,x\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ExportError.self) { try ExportJournal.header(at: path) }
    }

    /// A line whose record is another member's (a damaged or edited checkpoint) is refused
    /// when that member's turn comes, not written out under the wrong name.
    @Test func aRecordOfAnotherMemberUnderAnEntryIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try checkpoint(of: [FixtureRecords.record("7315")])
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        var entry = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        var record = try #require(entry["record"] as? [String: Any])
        record["id"] = "48201"
        entry["record"] = record
        lines[1] = String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let (journal, _, entries) = try ExportJournal.resume(at: path)
        #expect(entries.map(\.id) == ["7315"])
        #expect { try records(journal, inOrderOf: ["7315"]) } throws: { error in
            guard case .cannotRead(let file, let reason)? = error as? ExportError else { return false }
            return file == path && reason == "the record of member 7315 no longer reads"
        }
    }
}

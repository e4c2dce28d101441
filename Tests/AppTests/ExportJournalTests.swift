@testable import App
import Foundation
import Report
import Testing

@Suite struct ExportJournalTests {
    /// Each test's own; each test removes it.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    @Test func entriesSurviveAndATornLineIsLeftOut() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.csv").path
        let path = ExportJournal.path(besideOutput: output)
        #expect(path == directory.appendingPathComponent(".out.csv.cpvanity-checkpoint").path)
        let header = ExportJournal.Header(site: "codeproject", format: "csv", options: "x")
        let awkward = ExportJournal.Entry(id: "2", failed: true, chunk: "a\tb\\c\nd\r\n$\t")
        do {
            let journal = try ExportJournal.create(at: path, header: header)
            try journal.append(ExportJournal.Entry(id: "1", failed: false, chunk: "one\n"))
            try journal.append(awkward)
        }
        // A kill in the middle of writing the third entry.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("3\t0\thalf of a ro".utf8))
        try handle.close()

        let (journal, found, entries) = try ExportJournal.resume(at: path)
        #expect(found == header)
        #expect(entries == [ExportJournal.Entry(id: "1", failed: false, chunk: "one\n"), awkward])
        try journal.append(ExportJournal.Entry(id: "3", failed: false, chunk: "three\n"))
        try journal.assemble(into: output, order: ["1", "2", "3"], header: "H\n", separator: "", footer: "F\n", empty: "E\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "H\none\na\tb\\c\nd\r\n$\tthree\nF\n")
    }

    /// `--retry-failed`: failed entries leave the checkpoint before the batch goes on,
    /// so the member's new row is its only row.
    @Test func failedEntriesCanBeDroppedOnResume() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.csv").path
        let path = ExportJournal.path(besideOutput: output)
        let header = ExportJournal.Header(site: "codeproject", format: "csv", options: "x")
        do {
            let journal = try ExportJournal.create(at: path, header: header)
            try journal.append(ExportJournal.Entry(id: "1", failed: false, chunk: "one\n"))
            try journal.append(ExportJournal.Entry(id: "2", failed: true, chunk: "two: timed out\n"))
            try journal.append(ExportJournal.Entry(id: "3", failed: false, chunk: "three\n"))
        }
        #expect(try ExportJournal.header(at: path) == header)

        let (journal, _, entries) = try ExportJournal.resume(at: path, dropping: { $0.failed })
        #expect(entries.map(\.id) == ["1", "3"])
        try journal.append(ExportJournal.Entry(id: "2", failed: false, chunk: "two\n"))
        // What a later resume would read: the dropped entry is gone from the file itself.
        let (_, _, reread) = try ExportJournal.resume(at: path)
        #expect(reread.map(\.id) == ["1", "3", "2"])
        try journal.assemble(into: output, order: ["1", "2", "3"], header: "H\n", separator: "", footer: "F\n", empty: "E\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "H\none\ntwo\nthree\nF\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [".out.csv.cpvanity-checkpoint", "out.csv"])
    }

    /// Members finish in any order; the file lists them in the input's, so the same list
    /// gives the same file, with exactly the input's members: those the input does not
    /// hold (a resume with another list) are left out; a member written twice appears once.
    @Test func theOutputFollowsTheInputOrder() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        let journal = try ExportJournal.create(at: ExportJournal.path(besideOutput: output),
                                               header: ExportJournal.Header(site: "codeproject", format: "json", options: "x"))
        // Big enough chunks that the reads cross the 1 MiB reading window.
        let big = String(repeating: "x", count: 700_000)
        for id in ["9", "3", "1", "8", "2", "3"] {
            try journal.append(ExportJournal.Entry(id: id, failed: false, chunk: ["1", "8"].contains(id) ? id + big : "\(id)\t\(id == "3" ? "first" : "")"))
        }
        try journal.assemble(into: output, order: ["1", "2", "3", "4"], header: "[", separator: ",", footer: "]", empty: "[]")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == "[1\(big),2\t,3\tfirst]")
    }

    /// Failures say what the system said, not "error 0".
    @Test func writeFailuresSayWhy() {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("missing/.out.csv.cpvanity-checkpoint").path
        do {
            _ = try ExportJournal.create(at: path, header: ExportJournal.Header(site: "codeproject", format: "csv", options: "x"))
            Issue.record("created a checkpoint in a directory that does not exist")
        } catch {
            #expect("\(error)" == "cannot write \(path): No such file or directory")
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
}

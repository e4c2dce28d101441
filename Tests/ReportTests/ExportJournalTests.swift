import Foundation
@testable import Report
import Testing

@Suite struct ExportJournalTests {
    @Test func entriesSurviveAndATornLineIsLeftOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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
        try journal.assemble(into: output, header: "H\n", separator: "", footer: "F\n", empty: "E\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "H\none\na\tb\\c\nd\r\n$\tthree\nF\n")
    }
}

import Foundation
import Lookup
import Report
import Scraper

/// Where a batch's records go as they finish.
public protocol BatchSink {
    /// `chunk` is the record already rendered by the sink's formatter.
    func add(_ record: MemberRecord, chunk: String) throws
    func finish() throws
    func interrupted() throws
}

/// Straight to stdout: header, then each record, then the footer.
public final class StdoutBatchSink: BatchSink {
    private let formatter: any RecordFormatter
    private var first = true

    public init(formatter: any RecordFormatter) { self.formatter = formatter }

    public func add(_ record: MemberRecord, chunk: String) throws {
        Output.write((first ? formatter.header : formatter.separator) + chunk)
        first = false
    }

    public func finish() throws {
        Output.write(first ? formatter.empty : formatter.footer)
    }

    /// Even a stopped export to stdout is well-formed (a closed JSON array).
    public func interrupted() throws { try finish() }
}

/// Into the checkpoint as they finish; into the output file, atomically, at the end.
public final class FileBatchSink: BatchSink {
    private let journal: ExportJournal
    private let output: String
    /// The batch's IDs in input order: the order of the finished file.
    private let order: [String]
    private let formatter: any RecordFormatter

    private init(journal: ExportJournal, output: String, order: [String], formatter: any RecordFormatter) {
        self.journal = journal
        self.output = output
        self.order = order
        self.formatter = formatter
    }

    /// The sink, and the members the checkpoint already holds (id → failed).
    public static func open(output: String, order: [String], resume: Bool, retryFailed: Bool, formatter: any RecordFormatter,
                     header: ExportJournal.Header, fingerprint: ExportFingerprint) throws -> (FileBatchSink, [String: Bool]) {
        let path = ExportJournal.path(besideOutput: output)
        let exists = FileManager.default.fileExists(atPath: path)
        do {
            if exists && resume {
                // Checked before anything is read or dropped: a refused resume leaves the checkpoint alone.
                let found = try ExportJournal.header(at: path)
                guard found == header else {
                    let why = found.site != header.site ? ["it was written for the site '\(found.site)', this run reads '\(header.site)'"]
                        : fingerprint.differences(fromStored: found.options)
                    Diagnostics.error("the checkpoint \(path) is for a different export (\(why.isEmpty ? "written by another version of cpvanity" : why.joined(separator: "; "))); run with the same options and pack, or delete it to start over")
                    throw ExitStatus.badInput
                }
                let (journal, _, entries) = try ExportJournal.resume(at: path, dropping: { retryFailed && $0.failed })
                // Only the members of this list count; others in the checkpoint (a resume
                // with another list) are left out of the export.
                let listed = Set(order)
                var done = [String: Bool]()
                for entry in entries where listed.contains(entry.id) { done[entry.id] = entry.failed }
                let others = Set(entries.map(\.id)).subtracting(listed).count
                if others > 0 {
                    Diagnostics.warning("\(others) member\(others == 1 ? "" : "s") in the checkpoint \(others == 1 ? "is" : "are") not in this list of IDs; left out of \(output)")
                }
                return (FileBatchSink(journal: journal, output: output, order: order, formatter: formatter), done)
            }
            if exists {
                Diagnostics.error("an interrupted batch left a checkpoint, \(path): add --resume to continue it, or delete it to start over")
                throw ExitStatus.badInput
            }
            if resume { Diagnostics.warning("no checkpoint beside \(output); starting from the beginning") }
            let journal = try ExportJournal.create(at: path, header: header)
            return (FileBatchSink(journal: journal, output: output, order: order, formatter: formatter), [:])
        } catch let error as ExportError {
            Diagnostics.error("\(error)")
            throw ExitStatus.badInput
        }
    }

    public func add(_ record: MemberRecord, chunk: String) throws {
        try journal.append(ExportJournal.Entry(id: record.id, failed: record.failed, chunk: chunk))
    }

    public func finish() throws {
        try journal.assemble(into: output, order: order, header: formatter.header, separator: formatter.separator,
                             footer: formatter.footer, empty: formatter.empty)
        journal.remove()
    }

    public func interrupted() throws { journal.flush() }
}

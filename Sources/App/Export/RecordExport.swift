import Foundation
import Lookup
import Packs
import Report

/// Where a command's member records go: the one way they leave the program, to
/// standard output or a file, in any format.
public protocol RecordExport: AnyObject {
    /// A member's record, as it finishes.
    func add(_ record: MemberRecord) throws
    /// Every record is in: the document is closed, and a file put in place.
    func finish() throws
    /// The run was stopped: what can be kept is kept, nothing is left half-written.
    func interrupted() throws
    /// Every record is in and none is worth a file (no member could be looked up): a
    /// file is left as it was, and nothing of the run is kept.
    func abandon() throws
}

/// Records straight through the format's sink: to standard output, or to a file put
/// in place at the end (nothing is written when the run is stopped), or into a FIFO
/// or a device as they come.
final class DirectExport: RecordExport {
    private let sink: any RecordSink
    private let file: AtomicFile?

    /// `pack`'s records as `output` says; refuses a binary format on a terminal.
    init(_ output: OutputSettings, pack: SitePack) throws(AppError) {
        if let path = output.file {
            let file = try AtomicFile.output(path)
            self.file = file
            sink = output.format.records(pack: pack, options: output.options, to: file)
        } else {
            if output.format.isBinary && Output.isTerminal { throw .binaryOnTerminal(format: output.format.name) }
            file = nil
            sink = output.format.records(pack: pack, options: output.options, to: Output.writer)
        }
    }

    func add(_ record: MemberRecord) throws {
        try sink.write(record)
    }

    func finish() throws {
        try sink.finish()
        try file?.commit()
    }

    /// Standard output (or a FIFO, a device) still gets a whole document (a closed JSON
    /// array); a file is left as it was.
    func interrupted() throws {
        guard let file else { return try sink.finish() }
        if file.isStream {
            try sink.finish()
            try file.commit()
        }
    }

    func abandon() throws { try interrupted() }
}

/// Records into a checkpoint as they finish, and from it into the file, in the list's
/// order and the chosen format, when the batch is complete.
final class CheckpointedExport: RecordExport {
    private let journal: ExportJournal
    private let output: OutputSettings
    private let path: String
    private let pack: SitePack
    /// The batch's IDs in input order: the order of the finished file.
    private let order: [String]

    private init(journal: ExportJournal, output: OutputSettings, path: String, pack: SitePack, order: [String]) {
        self.journal = journal
        self.output = output
        self.path = path
        self.pack = pack
        self.order = order
    }

    /// The export, and the members the checkpoint already holds (id → failed). A refused
    /// resume leaves the checkpoint as it was.
    static func open(_ output: OutputSettings, path: String, pack: SitePack, order: [String]) throws(AppError) -> (CheckpointedExport, [String: Bool]) {
        try OutputDirectory.prepare(parentOf: path, role: .output)
        let checkpoint = ExportJournal.path(besideOutput: path)
        let fingerprint = ExportFingerprint(pack: pack)
        let header = ExportJournal.Header(site: pack.name, format: output.format.name, options: fingerprint.encoded)
        let exists = FileManager.default.fileExists(atPath: checkpoint)
        // Before anything is read or rewritten: a running batch's checkpoint is not left over.
        if exists && ExportJournal.isInUse(checkpoint) { throw .export(.inUse(checkpoint: checkpoint, output: path)) }
        do {
            if exists && output.resume {
                let found = try ExportJournal.header(at: checkpoint)
                guard found.journal == header.journal, found.site == header.site, found.options == header.options else {
                    let why = found.journal != header.journal ? []
                        : found.site != header.site ? ["it was written for the site '\(found.site)', this run reads '\(header.site)'"]
                        : fingerprint.differences(fromStored: found.options)
                    throw AppError.checkpointMismatch(path: checkpoint, reasons: why)
                }
                let (journal, _, entries) = try ExportJournal.resume(at: checkpoint, dropping: { output.retryFailed && $0.failed })
                // Only the members of this list count; others in the checkpoint (a resume
                // with another list) are left out of the export.
                let listed = Set(order)
                var done = [String: Bool]()
                for entry in entries where listed.contains(entry.id) { done[entry.id] = entry.failed }
                let others = Set(entries.map(\.id)).subtracting(listed).count
                if others > 0 {
                    Diagnostics.warning("\(others) member\(others == 1 ? "" : "s") in the checkpoint \(others == 1 ? "is" : "are") not in this list of IDs; left out of \(path)")
                }
                return (CheckpointedExport(journal: journal, output: output, path: path, pack: pack, order: order), done)
            }
            if exists { throw AppError.checkpointExists(path: checkpoint) }
            if output.resume { Diagnostics.warning("no checkpoint beside \(path); starting from the beginning") }
            let journal = try ExportJournal.create(at: checkpoint, header: header)
            return (CheckpointedExport(journal: journal, output: output, path: path, pack: pack, order: order), [:])
        } catch let error as ExportError {
            throw .export(error)
        } catch let error as AppError {
            throw error
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }

    func add(_ record: MemberRecord) throws {
        try journal.append(record)
    }

    func finish() throws {
        let file = try AtomicFile(replacing: path)
        let sink = output.format.records(pack: pack, options: output.options, to: file)
        try journal.records(inOrderOf: order) { try sink.write($0) }
        try sink.finish()
        try file.commit()
        journal.remove()
    }

    func interrupted() throws { journal.flush() }

    func abandon() throws { journal.remove() }
}

/// Records handed on in the order of a list, whatever order they finish in: each is
/// held until those before it are in (a member given twice, or not looked up, is not
/// waited for).
final class OrderedExport: RecordExport {
    private let export: any RecordExport
    private let order: [String]
    private var next = 0
    private var held = [String: MemberRecord]()

    init(_ export: any RecordExport, order: [String]) {
        self.export = export
        self.order = order
    }

    func add(_ record: MemberRecord) throws {
        held[record.id] = record
        while next < order.count, let ready = held.removeValue(forKey: order[next]) {
            try export.add(ready)
            next += 1
        }
    }

    /// What is still held (members after one that never came) goes out in list order.
    func finish() throws {
        try flushHeld()
        try export.finish()
    }

    func interrupted() throws {
        try flushHeld()
        try export.interrupted()
    }

    func abandon() throws {
        try flushHeld()
        try export.abandon()
    }

    private func flushHeld() throws {
        for id in order[next...] {
            if let record = held.removeValue(forKey: id) { try export.add(record) }
        }
        next = order.count
    }
}

import Files
import Foundation
import Lookup
import Packs
import Report

/// Where a command's member records go: the one way they leave the program, to
/// standard output or a file, in any format.
public protocol RecordExport: AnyObject {
    /// What the export holds already (a resumed checkpoint's members) goes out, as far
    /// as the list's order allows, before any member is looked up.
    func start() throws
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

extension RecordExport {
    public func start() throws {}
}

extension AtomicFile {
    /// Ends `sink`'s document and puts the file in place, said on a terminal meanwhile:
    /// a workbook's sheets go into it now, seconds for thousands of members.
    func commit(finishing sink: any RecordSink) throws {
        Console.progress("writing \(TerminalText.escaped(target))…")
        defer { Console.clearProgress() }
        try sink.finish()
        try commit()
    }
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
        guard let file else { return try sink.finish() }
        try file.commit(finishing: sink)
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

/// Records into a checkpoint as they finish, for a resume, and through the format into
/// a temporary file beside the output as the list's order allows, put in place when the
/// batch is complete. A record that finished ahead of its turn waits in memory (up to
/// `recordsHeldInMemory` of them; past that, read back from the checkpoint when its turn
/// comes), so the file is written while the lookups run and nothing is decoded again
/// at the end. A resume reads back only what the checkpoint held.
final class CheckpointedExport: RecordExport {
    private let journal: ExportJournal
    private let file: AtomicFile
    private let sink: any RecordSink
    /// Members finished and not yet written, in the order of the batch's IDs (the
    /// order of the finished file): each one's record, or where it is in the checkpoint.
    private var waiting: ListOrder<Waiting>
    private var inMemory = 0
    private let heldInMemory: Int

    private enum Waiting {
        case record(MemberRecord)
        case checkpoint(ExportJournal.Place)
    }

    /// Records held for their turn before later ones are left in the checkpoint: a member
    /// that takes long holds up the file, not the memory.
    static let recordsHeldInMemory = 2_000

    private init(journal: ExportJournal, output: OutputSettings, path: String, pack: SitePack, order: [String],
                 resumed: [String: ExportJournal.Place], heldInMemory: Int) throws(AppError) {
        self.journal = journal
        self.heldInMemory = heldInMemory
        // A run killed while it wrote left its temporary file: it goes now.
        AtomicReplacement.removeLeftovers(besides: path)
        do {
            file = try AtomicFile(replacing: path)
        } catch {
            throw .export(error)
        }
        sink = output.format.records(pack: pack, options: output.options, to: file)
        waiting = ListOrder(order)
        for (id, place) in resumed { waiting.hold(.checkpoint(place), for: id) }
    }

    /// The export, and the members the checkpoint already holds (id → failed). A refused
    /// resume leaves the checkpoint as it was.
    static func open(_ output: OutputSettings, path: String, pack: SitePack, order: [String],
                     heldInMemory: Int = recordsHeldInMemory) throws(AppError) -> (CheckpointedExport, [String: Bool]) {
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
                // Every line is read for its member (a second or so for 10,000): said on a terminal.
                Console.progress("reading \(TerminalText.escaped(checkpoint))…")
                defer { Console.clearProgress() }
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
                let places = journal.places().filter { done[$0.key] != nil }
                let export = try CheckpointedExport(journal: journal, output: output, path: path, pack: pack, order: order, resumed: places,
                                                    heldInMemory: heldInMemory)
                return (export, done)
            }
            if exists { throw AppError.checkpointExists(path: checkpoint) }
            if output.resume { Diagnostics.warning("no checkpoint beside \(path); starting from the beginning") }
            let journal = try ExportJournal.create(at: checkpoint, header: header)
            return (try CheckpointedExport(journal: journal, output: output, path: path, pack: pack, order: order, resumed: [:],
                                           heldInMemory: heldInMemory), [:])
        } catch let error as ExportError {
            throw .export(error)
        } catch let error as AppError {
            throw error
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }

    func start() throws {
        try write(waiting.ready())
    }

    func add(_ record: MemberRecord) throws {
        let place = try journal.append(record)
        let kept: Waiting = inMemory < heldInMemory || waiting.nextID == record.id ? .record(record) : .checkpoint(place)
        if waiting.hold(kept, for: record.id), case .record = kept { inMemory += 1 }
        try write(waiting.ready())
    }

    private func write(_ ready: [(id: String, item: Waiting)]) throws {
        // Records read back from the checkpoint take about a millisecond each: a resume
        // of thousands says on a terminal how far it is, not nothing for seconds.
        let readBack = ready.count(where: { if case .checkpoint = $0.item { true } else { false } })
        let started = ContinuousClock.now
        var done = 0, drawn = started
        defer { if drawn > started { Console.clearProgress() } }
        for (id, item) in ready {
            switch item {
            case .record(let record):
                inMemory -= 1
                try sink.write(record)
            case .checkpoint(let place):
                try sink.write(try journal.record(at: place, member: id))
                done += 1
                let now = ContinuousClock.now
                if now - started >= .milliseconds(200), now - drawn >= .milliseconds(100) {
                    drawn = now
                    Console.progress("\(TerminalText.escaped(file.target)): \(done) of \(readBack) members written from the checkpoint")
                }
            }
        }
    }

    /// Every record is in: those after a member that never came go out in the list's
    /// order, and the file is put in place; the checkpoint has done its work.
    func finish() throws {
        try write(waiting.rest())
        try file.commit(finishing: sink)
        journal.remove()
    }

    /// The checkpoint is kept for `--resume`; the partial file is dropped, the output left as it was.
    func interrupted() throws {
        journal.flush()
        file.discard()
    }

    func abandon() throws {
        file.discard()
        journal.remove()
    }
}

/// Records handed on in the order of a list, whatever order they finish in: each is
/// held until those before it are in (a member given twice, or not looked up, is not
/// waited for).
final class OrderedExport: RecordExport {
    private let export: any RecordExport
    private var held: ListOrder<MemberRecord>

    init(_ export: any RecordExport, order: [String]) {
        self.export = export
        held = ListOrder(order)
    }

    func add(_ record: MemberRecord) throws {
        held.hold(record, for: record.id)
        for (_, ready) in held.ready() { try export.add(ready) }
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
        for (_, record) in held.rest() { try export.add(record) }
    }
}

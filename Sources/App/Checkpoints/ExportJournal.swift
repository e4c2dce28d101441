import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Lookup
import Report

/// The checkpoint of an export to a file: a JSON header line, then each finished
/// member's record as one JSON line, appended as it finishes. An interrupted export
/// resumes from it (members in it are not fetched again); a finished one is written
/// from it, in any format, into the output, then removed. A last line cut short by a
/// kill (no newline, or not JSON) is ignored on reading, so that member is fetched again.
public final class ExportJournal {
    /// A line: the member, whether its lookup failed, and its record as every format
    /// shows it (not the per-field outcomes the run's summary has counted already).
    public struct Entry: Codable, Sendable {
        public let id: String
        public let failed: Bool
        public let record: MemberRecord

        public init(_ record: MemberRecord) {
            id = record.id
            failed = record.failed
            self.record = record.withoutOutcomes
        }
    }

    /// What resuming needs of an entry, read without building its record.
    public struct EntryHead: Decodable, Sendable, Equatable {
        public let id: String
        public let failed: Bool
    }

    /// Written first, so a resume can check it continues the same kind of export.
    public struct Header: Codable, Sendable, Equatable {
        public let journal: String
        public let site: String
        public let format: String
        public let options: String

        public init(site: String, format: String, options: String) {
            journal = "cpvanity.checkpoint/7"
            self.site = site
            self.format = format
            self.options = options
        }
    }

    public let path: String
    private let handle: FileHandle
    private var lastSync = ContinuousClock.now
    /// Where the next line starts: the file's length.
    private var end = 0
    /// Each member's first entry and where it is, kept as lines are read and written.
    private var firstPlaces = [String: Place]()

    /// Where an entry's line is in the file.
    public struct Place: Sendable, Equatable {
        public let offset: Int
        public let length: Int
    }

    /// The checkpoint that belongs beside `output`.
    public static func path(besideOutput output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).cpvanity-checkpoint").path
    }

    /// The output a checkpoint belongs beside (`.members.csv.cpvanity-checkpoint` → `members.csv`).
    static func output(besideCheckpoint checkpoint: String) -> String {
        let url = URL(fileURLWithPath: checkpoint)
        let name = url.lastPathComponent
        guard name.hasPrefix("."), name.hasSuffix(".cpvanity-checkpoint") else { return checkpoint }
        return url.deletingLastPathComponent().appendingPathComponent(String(name.dropFirst().dropLast(".cpvanity-checkpoint".count))).path
    }

    /// Starts a new checkpoint, replacing none: the caller has decided there is none to keep.
    public static func create(at path: String, header: Header) throws(ExportError) -> ExportJournal {
        // The user named the output, not its hidden checkpoint: the error names the output
        // (and says the system's words, taken before anything else can change errno).
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw .cannotWrite(output(besideCheckpoint: path), reason: reason)
        }
        close(descriptor)
        // Emptied only once its lock is held: a batch starting at the same moment on the
        // same output is refused, and clobbers nothing.
        let journal = try ExportJournal(path: path, emptied: true)
        try journal.writeLine(ExportJournal.encoded(header, path: path))
        return journal
    }

    /// The header alone, to check a checkpoint continues the same export before
    /// anything in it is read or changed.
    public static func header(at path: String) throws(ExportError) -> Header {
        var header: Header?
        do {
            try JournalLines.read(path) { line, _ in
                header = try? JSONDecoder().decode(Header.self, from: Data(line))
                throw JournalLines.Stop()
            }
        } catch is JournalLines.Stop {
        } catch let error as ExportError {
            throw error
        } catch {
            throw .cannotRead(path, reason: "\(error)")
        }
        guard let header else { throw .notACheckpoint(path) }
        return header
    }

    /// Opens an existing checkpoint for appending, after reading which members it holds.
    /// Entries `dropping` picks (failed members to look up again) are taken out first:
    /// the checkpoint is rewritten whole, into a file renamed into place, so a kill
    /// meanwhile leaves it as it was, and the output never holds a member twice.
    public static func resume(at path: String, dropping drop: (EntryHead) -> Bool = { _ in false }) throws(ExportError) -> (ExportJournal, Header, [EntryHead]) {
        // Nothing is rewritten under a running batch.
        if isInUse(path) { throw .inUse(checkpoint: path, output: output(besideCheckpoint: path)) }
        let header = try ExportJournal.header(at: path)
        var entries = [EntryHead]()
        var places = [String: Place]()
        var dropped = [Int]()
        try JournalLines.entries(path) { head, offset, length in
            guard places[head.id] == nil else { return }
            places[head.id] = Place(offset: offset, length: length)
            if drop(head) { dropped.append(entries.count) }
            entries.append(head)
        }
        if !dropped.isEmpty {
            let gone = Set(dropped.map { entries[$0].id })
            places = try rewrite(path, header: header, dropping: gone)
            entries.removeAll { gone.contains($0.id) }
        }
        let journal = try ExportJournal(path: path)
        journal.firstPlaces = places
        // A torn line would glue itself to the next entry: start on a fresh line.
        do {
            try journal.handle.write(contentsOf: Data("\n".utf8))
            journal.end += 1
        } catch {
            throw ExportError(writing: path, error)
        }
        return (journal, header, entries)
    }

    /// Writes the checkpoint again without `gone`; where each kept entry now is.
    private static func rewrite(_ path: String, header: Header, dropping gone: Set<String>) throws(ExportError) -> [String: Place] {
        let file = try AtomicFile(replacing: path)
        var places = [String: Place]()
        do {
            let first = try encoded(header, path: path) + [0x0A]
            try file.write(first)
            var end = first.count
            try JournalLines.read(path) { line, _ in
                guard let head = try? JSONDecoder().decode(EntryHead.self, from: Data(line)), !gone.contains(head.id),
                      places[head.id] == nil else { return }
                places[head.id] = Place(offset: end, length: line.count)
                try file.write(UnsafeRawBufferPointer(line))
                try file.write([0x0A])
                end += line.count + 1
            }
            try file.commit()
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(writing: path, error)
        }
        return places
    }

    /// True when another process holds the checkpoint: its batch is running, not
    /// interrupted (a lock dies with its process, so a killed batch holds none).
    public static func isInUse(_ path: String) -> Bool {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    private init(path: String, emptied: Bool = false) throws(ExportError) {
        self.path = path
        guard let handle = FileHandle(forWritingAtPath: path) else { throw .cannotWrite(path, reason: ExportError.systemReason()) }
        // Held while the batch runs, so a second batch to the same output (or a
        // --resume of this one) is refused instead of writing into it too.
        guard flock(handle.fileDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            try? handle.close()
            throw .inUse(checkpoint: path, output: ExportJournal.output(besideCheckpoint: path))
        }
        self.handle = handle
        do {
            if emptied { try handle.truncate(atOffset: 0) }
            end = Int(try handle.seekToEnd())
        } catch {
            throw ExportError(writing: path, error)
        }
    }

    deinit { try? handle.close() }

    /// One member's record, in one write, so a kill leaves either all of it or a torn
    /// line. A kill loses nothing written; a power cut loses what the kernel had not yet
    /// put on disk, so the file is synced about once a second (a sync per member would
    /// cost more than the member).
    @discardableResult
    public func append(_ record: MemberRecord) throws(ExportError) -> Place {
        let line = try ExportJournal.line(Entry(record), path: path)
        let place = Place(offset: end, length: line.count)
        try writeLine(line)
        if firstPlaces[record.id] == nil { firstPlaces[record.id] = place }
        let now = ContinuousClock.now
        if now - lastSync >= .seconds(1) {
            flush()
            lastSync = now
        }
        return place
    }

    /// Each member's first entry and its place: what a resumed export reads back, in
    /// the list's order, when its turn comes.
    public func places() -> [String: Place] { firstPlaces }

    /// The record whose line is at `place`, decoded: only for what a resume found in the
    /// checkpoint, or what finished too far ahead of its turn to be held in memory.
    public func record(at place: Place, member: String) throws -> MemberRecord {
        flush()
        guard let input = FileHandle(forReadingAtPath: path) else { throw ExportError.cannotRead(path, reason: ExportError.systemReason()) }
        defer { try? input.close() }
        var line = [UInt8](repeating: 0, count: place.length)
        let read = line.withUnsafeMutableBytes { pread(input.fileDescriptor, $0.baseAddress, place.length, off_t(place.offset)) }
        guard read == place.length else {
            throw ExportError.cannotRead(path, reason: read < 0 ? ExportError.systemReason() : "it is shorter than when it was read")
        }
        // A record of another member under this one's entry is a damaged line too.
        guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(line)), entry.record.id == entry.id else {
            throw ExportError.cannotRead(path, reason: "the record of member \(member) no longer reads")
        }
        return entry.record
    }

    public func flush() {
        try? handle.synchronize()
    }

    public func remove() {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The line and its newline in one write, straight from the bytes (a member's line
    /// is its whole record: copied into a `Data` and again for the newline, it cost more
    /// than the write).
    private func writeLine(_ bytes: consuming [UInt8]) throws(ExportError) {
        var line = bytes
        line.append(0x0A)
        if let failure = line.withUnsafeBytes({ DescriptorWrite.all($0, to: handle.fileDescriptor) }) {
            throw .cannotWrite(path, reason: DescriptorWrite.reason(failure))
        }
        end += line.count
    }

    /// A member's line: its entry's own coding, on one line (JSON escapes every line break in a string).
    static func line(_ entry: Entry, path: String) throws(ExportError) -> [UInt8] {
        try encoded(entry, path: path)
    }

    /// Through the entry's own coding (`CompactJSONEncoder`: Foundation's `JSONEncoder`
    /// made the checkpoint cost more CPU than the member's output).
    private static func encoded(_ value: some Encodable, path: String) throws(ExportError) -> [UInt8] {
        do {
            return try CompactJSONEncoder().encode(value)
        } catch {
            throw .cannotWrite(path, reason: "\(error)")
        }
    }
}

import Foundation

/// The checkpoint of a batch export written to a file: each finished member's
/// rendered piece of the report, one line per member (`id`, tab, `0`/`1` for
/// failed, tab, the piece with backslash, tab and line breaks escaped, tab, `$`),
/// appended as it finishes; the closing `$` shows the line is whole. The first line is a JSON header. An interrupted batch resumes from
/// it (members in it are not fetched again); a finished one is assembled from it
/// into the output, then removed. A last line cut short by a kill (no newline) is
/// ignored on reading, so that member is fetched again.
public final class ExportJournal {
    public struct Entry: Sendable, Equatable {
        public let id: String
        public let failed: Bool
        public let chunk: String

        public init(id: String, failed: Bool, chunk: String) {
            self.id = id
            self.failed = failed
            self.chunk = chunk
        }

        /// `id \t 0|1 \t chunk \t $`, escaped so the line holds no tab or line break of its own.
        var line: Data {
            var bytes = [UInt8]()
            bytes.reserveCapacity(id.utf8.count + chunk.utf8.count + chunk.utf8.count / 16 + 8)
            Entry.escape(id, into: &bytes)
            bytes += [0x09, failed ? UInt8(ascii: "1") : UInt8(ascii: "0"), 0x09]
            Entry.escape(chunk, into: &bytes)
            bytes += [0x09, UInt8(ascii: "$")]
            return Data(bytes)
        }

        /// Nil for anything but a whole entry line (a header, a line torn by a kill).
        init?(line: UnsafeBufferPointer<UInt8>) {
            guard let fields = Entry.fields(of: line),
                  let id = Entry.unescape(UnsafeBufferPointer(rebasing: line[fields.id])),
                  let chunk = Entry.unescape(UnsafeBufferPointer(rebasing: line[fields.chunk])) else { return nil }
            self.init(id: id, failed: fields.failed, chunk: chunk)
        }

        /// Where an entry line's id and chunk are; nil for anything but a whole entry line.
        static func fields(of line: UnsafeBufferPointer<UInt8>) -> (id: Range<Int>, failed: Bool, chunk: Range<Int>)? {
            // id \t flag \t chunk \t $ : the escaped fields hold no tab.
            guard line.count >= 6, line[line.count - 1] == UInt8(ascii: "$"), line[line.count - 2] == 0x09,
                  let firstTab = line.firstIndex(of: 0x09), firstTab > 0, firstTab + 2 < line.count - 2, line[firstTab + 2] == 0x09 else { return nil }
            let flag = line[firstTab + 1]
            guard flag == UInt8(ascii: "0") || flag == UInt8(ascii: "1") else { return nil }
            let chunk = (firstTab + 3)..<(line.count - 2)
            guard !UnsafeBufferPointer(rebasing: line[chunk]).contains(0x09) else { return nil }
            return (0..<firstTab, flag == UInt8(ascii: "1"), chunk)
        }

        private static func escape(_ text: String, into bytes: inout [UInt8]) {
            var text = text
            text.withUTF8 { utf8 in
                // Runs with nothing to escape (nearly all of a chunk) are copied whole.
                var runStart = 0
                for (index, byte) in utf8.enumerated() {
                    let escaped: UInt8
                    switch byte {
                    case 0x5C: escaped = 0x5C
                    case 0x09: escaped = UInt8(ascii: "t")
                    case 0x0A: escaped = UInt8(ascii: "n")
                    case 0x0D: escaped = UInt8(ascii: "r")
                    default: continue
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    bytes.append(0x5C)
                    bytes.append(escaped)
                    runStart = index + 1
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
        }

        /// The escaped bytes as they were; false (with `output` partly written) when the escapes are broken.
        static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
            // Runs between backslashes are copied whole.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                guard bytes[index] == 0x5C else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                guard index + 1 < bytes.count else { return false }
                switch bytes[index + 1] {
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case 0x5C: output.append(0x5C)
                default: return false
                }
                index += 2
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return true
        }

        static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count)
            guard unescape(bytes, into: &out) else { return nil }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Written first, so a resume can check it continues the same kind of export.
    public struct Header: Codable, Sendable, Equatable {
        public let journal: String
        public let site: String
        public let format: String
        public let options: String

        public init(site: String, format: String, options: String) {
            journal = "cpvanity.checkpoint/1"
            self.site = site
            self.format = format
            self.options = options
        }
    }

    public let path: String
    private let handle: FileHandle
    private var lastSync = ContinuousClock.now

    /// The checkpoint that belongs beside `output`.
    public static func path(besideOutput output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).cpvanity-checkpoint").path
    }

    /// Starts a new checkpoint, replacing none: the caller has decided there is none to keep.
    public static func create(at path: String, header: Header) throws -> ExportJournal {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ExportError.cannotWrite(path, reason: ExportError.systemReason())
        }
        let journal = try ExportJournal(path: path)
        try journal.writeLine(JSONEncoder().encode(header))
        return journal
    }

    /// The header alone, to check a checkpoint continues the same export before
    /// anything in it is read or changed.
    public static func header(at path: String) throws -> Header {
        guard let input = FileHandle(forReadingAtPath: path) else { throw ExportError.cannotRead(path, reason: ExportError.systemReason()) }
        defer { try? input.close() }
        var head = Data()
        while let chunk = try input.read(upToCount: 64 * 1024), !chunk.isEmpty {
            head += chunk
            if let newline = head.firstIndex(of: 0x0A) {
                head = head[..<newline]
                break
            }
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: head) else { throw ExportError.notACheckpoint(path) }
        return header
    }

    /// Opens an existing checkpoint for appending, after reading what it holds.
    /// Entries `dropping` picks (failed members to look up again) are taken out first:
    /// the checkpoint is rewritten whole (see `replace`), so a kill meanwhile leaves it
    /// as it was, and the output never holds a member twice.
    public static func resume(at path: String, dropping drop: (Entry) -> Bool = { _ in false }) throws -> (ExportJournal, Header, [Entry]) {
        var header: Header?
        var entries = [Entry]()
        var seen = Set<String>()
        try ExportJournal.readLines(path) { line, _ in
            if header == nil {
                header = try? JSONDecoder().decode(Header.self, from: Data(line))
                if header == nil { throw ExportError.notACheckpoint(path) }
                return
            }
            if let entry = Entry(line: line), seen.insert(entry.id).inserted {
                entries.append(entry)
            }
        }
        guard let header else { throw ExportError.notACheckpoint(path) }
        let dropped = Set(entries.filter(drop).map(\.id))
        if !dropped.isEmpty {
            try rewrite(path, header: header, keeping: entries.filter { !dropped.contains($0.id) })
            entries.removeAll { dropped.contains($0.id) }
        }
        let journal = try ExportJournal(path: path)
        // A torn line would glue itself to the next entry: start on a fresh line.
        try journal.handle.seekToEnd()
        try journal.handle.write(contentsOf: Data("\n".utf8))
        return (journal, header, entries)
    }

    private static func rewrite(_ path: String, header: Header, keeping entries: [Entry]) throws {
        try replace(path) { out in
            var data = try JSONEncoder().encode(header)
            data.append(0x0A)
            for entry in entries {
                data.append(entry.line)
                data.append(0x0A)
            }
            try out.write(contentsOf: data)
        }
    }

    /// Writes `target` anew through `write`, into a temporary file beside it that is
    /// synced and renamed into place: rename(2) replaces the old file in one step, so
    /// readers (and a kill meanwhile) see the old file or the new one, never half of it.
    private static func replace(_ target: String, write: (FileHandle) throws -> Void) throws {
        let url = URL(fileURLWithPath: target)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).cpvanity-tmp-\(getpid())").path
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let out = FileHandle(forWritingAtPath: temporary) else {
            // Named by the file the user asked for: the temporary one is ours.
            throw ExportError.cannotWrite(target, reason: ExportError.systemReason() + "; \(target) is unchanged")
        }
        do {
            try write(out)
            try out.synchronize()
            try out.close()
            guard rename(temporary, target) == 0 else {
                throw ExportError.cannotWrite(target, reason: ExportError.systemReason())
            }
        } catch {
            try? out.close()
            try? FileManager.default.removeItem(atPath: temporary)
            let failure = ExportError(writing: target, error)
            if case .cannotWrite(let path, let reason) = failure, path == target, !reason.hasSuffix(" is unchanged") {
                // Written beside and renamed into place: what was there before is whole.
                let previous = FileManager.default.fileExists(atPath: target) ? "the previous \(target) is unchanged" : "nothing was left half-written"
                throw ExportError.cannotWrite(target, reason: "\(reason); \(previous)")
            }
            throw failure
        }
    }

    private init(path: String) throws {
        self.path = path
        guard let handle = FileHandle(forWritingAtPath: path) else { throw ExportError.cannotWrite(path, reason: ExportError.systemReason()) }
        self.handle = handle
        try handle.seekToEnd()
    }

    deinit { try? handle.close() }

    /// One entry, in one write, so a kill leaves either all of it or a torn line. A
    /// kill loses nothing written; a power cut loses what the kernel had not yet put on
    /// disk, so the file is synced about once a second (a sync per member would cost
    /// more than the member).
    public func append(_ entry: Entry) throws {
        try writeLine(entry.line)
        let now = ContinuousClock.now
        if now - lastSync >= .seconds(1) {
            flush()
            lastSync = now
        }
    }

    public func flush() {
        try? handle.synchronize()
    }

    /// Writes header + chunks + footer to `output`, replacing it whole (see `replace`):
    /// the previous export stays whole until the new one is.
    /// Members are listed in the order of `ids` (the batch's input), whatever order they
    /// finished in, so the same list gives the same file; members not in `ids` (a resume
    /// with another list) are left out: the export holds one row per ID of the list.
    public func assemble(into output: String, order ids: [String], header: String, separator: String, footer: String,
                         empty: String) throws {
        flush()
        var rank = [String: Int](minimumCapacity: ids.count)
        for (index, id) in ids.enumerated() where rank[id] == nil { rank[id] = index }
        // Where each member's line is; only the places are kept, not the chunks, so
        // memory stays small however big the export.
        var places = [(rank: Int, offset: Int, length: Int)]()
        var seen = Set<String>()
        try ExportJournal.readLines(path) { line, offset in
            // The header line does not read as an entry; nor does a broken one.
            // A member the list does not hold (a resume with another list) is not exported.
            guard let fields = Entry.fields(of: line), let id = Entry.unescape(UnsafeBufferPointer(rebasing: line[fields.id])),
                  let place = rank[id], seen.insert(id).inserted else { return }
            places.append((place, offset, line.count))
        }
        places.sort { $0.rank < $1.rank }

        guard let input = FileHandle(forReadingAtPath: path) else { throw ExportError.cannotRead(path, reason: ExportError.systemReason()) }
        defer { try? input.close() }
        try ExportJournal.replace(output) { out in
            var first = true
            var buffer = [UInt8]()
            var line = [UInt8]()
            for place in places {
                line = [UInt8](repeating: 0, count: place.length)
                let read = line.withUnsafeMutableBytes { pread(input.fileDescriptor, $0.baseAddress, place.length, off_t(place.offset)) }
                guard read == place.length else {
                    throw ExportError.cannotRead(path, reason: read < 0 ? ExportError.systemReason() : "it is shorter than when it was read")
                }
                try line.withUnsafeBufferPointer { line in
                    guard let fields = Entry.fields(of: line) else { return }
                    let mark = buffer.count
                    buffer += (first ? header : separator).utf8
                    guard Entry.unescape(UnsafeBufferPointer(rebasing: line[fields.chunk]), into: &buffer) else {
                        buffer.removeSubrange(mark...)
                        return
                    }
                    first = false
                    if buffer.count > 1 << 20 {
                        try out.write(contentsOf: buffer)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
            }
            buffer += (first ? empty : footer).utf8
            try out.write(contentsOf: buffer)
        }
    }

    public func remove() {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    private func writeLine(_ data: Data) throws {
        var line = data
        line.append(0x0A)
        try handle.write(contentsOf: line)
    }

    /// Calls `body` with each complete, non-empty line and where in the file it starts,
    /// reading 1 MiB at a time. A last line with no newline was torn by a kill and is left out.
    public static func readLines(_ path: String, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        guard let input = FileHandle(forReadingAtPath: path) else { throw ExportError.cannotRead(path, reason: ExportError.systemReason()) }
        defer { try? input.close() }
        var pending = [UInt8]()
        // The file offset of pending's first byte.
        var pendingOffset = 0
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending += chunk
            let consumed = try pending.withUnsafeBufferPointer { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                var start = 0
                while start < bytes.count, let newline = memchr(base + start, 0x0A, bytes.count - start) {
                    let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                    if end > start { try body(UnsafeBufferPointer(rebasing: bytes[start..<end]), pendingOffset + start) }
                    start = end + 1
                }
                return start
            }
            pending.removeSubrange(..<consumed)
            pendingOffset += consumed
        }
    }
}

public enum ExportError: Error, CustomStringConvertible {
    case cannotWrite(String, reason: String)
    case cannotRead(String, reason: String)
    case notACheckpoint(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
        case .notACheckpoint(let path): return "\(path) is not a cpvanity checkpoint; move it aside to start over"
        }
    }

    /// A failure while writing `path`: an `ExportError` as it is, anything else (a
    /// full disk, say) with the system's words for it.
    public init(writing path: String, _ error: Error) {
        if let error = error as? ExportError {
            self = error
        } else if let code = ExportError.posixCode(error) {
            self = .cannotWrite(path, reason: String(cString: strerror(code)))
        } else if (error as NSError).domain == NSCocoaErrorDomain, (error as NSError).code == NSFileWriteOutOfSpaceError {
            self = .cannotWrite(path, reason: String(cString: strerror(ENOSPC)))
        } else {
            self = .cannotWrite(path, reason: "\(error)")
        }
    }

    /// The POSIX code behind a Foundation error (Foundation wraps ENOSPC as "There
    /// isn't enough space." in NSCocoaErrorDomain, with the POSIX error underneath).
    public static func posixCode(_ error: Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(exactly: error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(exactly: underlying.code)
        }
        return nil
    }

    /// What the last failed system call said (`No such file or directory`).
    public static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

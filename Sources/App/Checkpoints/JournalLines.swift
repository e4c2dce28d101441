import Foundation

/// Reading a checkpoint a line at a time, 1 MiB at a time.
enum JournalLines {
    /// Thrown by a reader to stop early.
    struct Stop: Error {}

    /// Calls `body` with each complete, non-empty line and where in the file it starts.
    /// A last line with no newline was torn by a kill and is left out.
    static func read(_ path: String, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
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

    /// Each whole entry line's member, and the line's place; the header and lines that
    /// do not read as entries (torn by a kill) are passed over.
    static func entries(_ path: String, _ body: (ExportJournal.EntryHead, Int, Int) throws -> Void) throws(ExportError) {
        let decoder = JSONDecoder()
        do {
            try read(path) { line, offset in
                guard let head = try? decoder.decode(ExportJournal.EntryHead.self, from: Data(line)) else { return }
                try body(head, offset, line.count)
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw .cannotRead(path, reason: "\(error)")
        }
    }
}

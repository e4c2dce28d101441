import Foundation
import Report

/// A file written anew: into a temporary file beside it, synced and renamed into
/// place by `commit`. rename(2) replaces the old file in one step, so readers (and a
/// kill meanwhile) see the old file or the new one, never half of it.
public final class AtomicFile: ByteWriter {
    public let target: String
    private let temporary: String
    private let descriptor: Int32
    private let writer: DescriptorWriter

    public init(replacing target: String) throws(ExportError) {
        let url = URL(fileURLWithPath: target)
        self.target = target
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).cpvanity-tmp-\(getpid())").path
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        // Named by the file the user asked for: the temporary one is ours.
        guard descriptor >= 0 else { throw .cannotWrite(target, reason: ExportError.systemReason() + "; \(AtomicFile.unchanged(target))") }
        writer = DescriptorWriter(descriptor: descriptor, name: target)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        unlink(temporary)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try writer.write(bytes)
        } catch let error as WriteError {
            throw ExportError.cannotWrite(target, reason: "\(error.reason); \(AtomicFile.unchanged(target))")
        }
    }

    public func flush() throws {
        do {
            try writer.flush()
        } catch let error as WriteError {
            throw ExportError.cannotWrite(target, reason: "\(error.reason); \(AtomicFile.unchanged(target))")
        }
    }

    /// Puts the file in place of the old one.
    public func commit() throws {
        try flush()
        guard fsync(descriptor) == 0, rename(temporary, target) == 0 else {
            throw ExportError.cannotWrite(target, reason: ExportError.systemReason() + "; \(AtomicFile.unchanged(target))")
        }
    }

    /// What a failed write left: the previous file whole, or nothing.
    private static func unchanged(_ target: String) -> String {
        FileManager.default.fileExists(atPath: target) ? "the previous \(target) is unchanged" : "nothing was left half-written"
    }
}

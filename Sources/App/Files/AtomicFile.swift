import Files
import Foundation
import Report

/// An export's file written anew (`AtomicReplacement`: where the path points, a
/// regular file replaced atomically, a FIFO or device written into), buffered as every
/// writer is, its failures said as the export's, naming the file the user asked for.
public final class AtomicFile: ByteWriter {
    public let target: String
    private let replacement: AtomicReplacement
    private let writer: DescriptorWriter

    public init(replacing target: String) throws(ExportError) {
        self.target = target
        do throws(AtomicReplacement.Failure) {
            replacement = try AtomicReplacement(replacing: target)
        } catch {
            throw .cannotWrite(target, reason: error.reason + "; \(AtomicFile.unchanged(target, stream: false))")
        }
        writer = DescriptorWriter(descriptor: replacement.descriptor, name: target)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try writer.write(bytes)
        } catch let error as WriteError {
            throw ExportError.cannotWrite(target, reason: "\(error.reason); \(unchanged)")
        }
    }

    public func flush() throws {
        do {
            try writer.flush()
        } catch let error as WriteError {
            throw ExportError.cannotWrite(target, reason: "\(error.reason); \(unchanged)")
        }
    }

    /// Puts the file in place of the old one.
    public func commit() throws {
        try flush()
        do throws(AtomicReplacement.Failure) {
            try replacement.commit()
        } catch {
            throw ExportError.cannotWrite(target, reason: error.reason + "; \(unchanged)")
        }
    }

    /// Drops what was written; the old file stays as it was.
    public func discard() { replacement.discard() }

    /// Written straight into (a FIFO, a device): nothing to put in place, and what was
    /// written has gone to its reader.
    public var isStream: Bool { replacement.isStream }

    private var unchanged: String { AtomicFile.unchanged(target, stream: isStream) }

    /// What a failed write left: the previous file whole, or nothing; a stream's reader
    /// has what came before the failure.
    private static func unchanged(_ target: String, stream: Bool) -> String {
        if stream { return "what came before the failure was written" }
        return FileManager.default.fileExists(atPath: target) ? "the previous \(target) is unchanged" : "nothing was left half-written"
    }

    /// The output file a command writes (its directory made if missing), opened before
    /// anything is fetched or written: one that cannot be is the export's error.
    static func output(_ path: String) throws(AppError) -> AtomicFile {
        try OutputDirectory.prepare(parentOf: path, role: .output)
        do {
            return try AtomicFile(replacing: path)
        } catch {
            throw .export(error)
        }
    }
}

import Foundation
import Synchronization

/// A file written anew, the one way cpvanity replaces a file: into a temporary file
/// beside it, synced and renamed into place by `commit`. rename(2) replaces the old file
/// in one step, so readers (and a kill meanwhile) see the old file or the new one, never
/// half of it; a replacement dropped without `commit` leaves nothing behind.
public final class AtomicReplacement: Sendable {
    /// What failed, in the system's words (Foundation's are "error 512").
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    public let target: String
    /// The temporary file's descriptor, for writers that buffer their own way.
    public let descriptor: Int32
    private let temporary: String
    private let committed = Atomic<Bool>(false)

    public init(replacing target: String) throws(Failure) {
        let url = URL(fileURLWithPath: target)
        self.target = target
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).cpvanity-tmp-\(getpid())").path
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(reason: AtomicReplacement.systemReason()) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed.load(ordering: .acquiring) { unlink(temporary) }
    }

    /// All of `bytes`, however many writes it takes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(reason: AtomicReplacement.systemReason()) }
            written += count
        }
    }

    /// Puts the file in place of the old one (what was written must be flushed first).
    /// `synced`: on the disk before it replaces the old one (an export); a cache, which
    /// can always be fetched again, need not wait for the disk.
    public func commit(synced: Bool = true) throws(Failure) {
        guard !synced || fsync(descriptor) == 0, rename(temporary, target) == 0 else { throw Failure(reason: AtomicReplacement.systemReason()) }
        committed.store(true, ordering: .releasing)
    }

    /// `bytes` as the whole of `path`; the system's words for what failed, or nil.
    public static func replace(_ path: String, with bytes: [UInt8], synced: Bool = true) -> String? {
        do throws(Failure) {
            let file = try AtomicReplacement(replacing: path)
            var failure: Failure?
            bytes.withUnsafeBytes { raw in
                do throws(Failure) { try file.write(raw) } catch { failure = error }
            }
            if let failure { throw failure }
            try file.commit(synced: synced)
            return nil
        } catch {
            return error.reason
        }
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

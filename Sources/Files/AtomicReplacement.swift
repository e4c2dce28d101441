import Foundation
import Synchronization

/// A file written anew, the one way cpvanity writes a file: where the path points
/// (`WritePlace`). A regular file is written into a temporary file beside it (beside
/// the file a link names, the link left a link), synced and renamed into place by
/// `commit`: rename(2) replaces the old file in one step, so readers (and a kill
/// meanwhile) see the old file or the new one, never half of it, and a replacement
/// dropped without `commit` leaves nothing behind. A FIFO, a device or `/dev/stdout`
/// cannot be replaced and must not be: it is written straight into, as `>` would.
public final class AtomicReplacement: Sendable {
    /// What failed, in the system's words (Foundation's are "error 512").
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    /// The path as the user gave it, for messages.
    public let target: String
    /// The temporary file's (or the stream's) descriptor, for writers that buffer their own way.
    public let descriptor: Int32
    /// The temporary file and the file it replaces; nil for a stream.
    private let renaming: (temporary: String, destination: String)?
    private let committed = Atomic<Bool>(false)

    public init(replacing target: String) throws(Failure) {
        self.target = target
        let place: WritePlace
        do throws(WritePlace.Failure) {
            place = try WritePlace.of(target)
        } catch {
            throw Failure(reason: error.reason)
        }
        switch place {
        case .file(let destination):
            let url = URL(fileURLWithPath: destination)
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).cpvanity-tmp-\(getpid())").path
            // A new file gets what `>` gives (0666 less the umask); a replaced one keeps
            // the permissions it had, so a private export stays private.
            var existing = stat()
            let had = stat(destination, &existing) == 0
            // Made and listed in one step: a process ending at once removes it, or it is never made.
            let (made, failure) = AtomicReplacement.unfinished.withLock { list -> (Int32, String?) in
                let made = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, had ? mode_t(0o600) : mode_t(0o666))
                guard made >= 0 else { return (made, AtomicReplacement.systemReason()) }
                list.insert(temporary)
                return (made, nil)
            }
            if let failure { throw Failure(reason: failure) }
            descriptor = made
            if had { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
            renaming = (temporary, destination)
        case .stream(let path):
            descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw Failure(reason: AtomicReplacement.systemReason()) }
            renaming = nil
        case .descriptor(let number):
            descriptor = fcntl(number, F_DUPFD_CLOEXEC, 0)
            guard descriptor >= 0 else { throw Failure(reason: AtomicReplacement.systemReason()) }
            renaming = nil
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if let renaming {
            if !committed.load(ordering: .acquiring) { unlink(renaming.temporary) }
            AtomicReplacement.unfinished.withLock { _ = $0.remove(renaming.temporary) }
        }
    }

    /// The temporary files being written now, in this process.
    private static let unfinished = Mutex<Set<String>>([])

    /// Ends the process at once (a second Ctrl-C) with `status`, leaving no temporary
    /// file behind, the files they replace unchanged: those being written are removed,
    /// and one another thread is about to make is never made (the list stays locked).
    public static func exitRemovingUnfinished(status: Int32) -> Never {
        unfinished.withLock { list -> Never in
            for temporary in list { unlink(temporary) }
            exit(status)
        }
    }

    /// Written straight into (a FIFO, a device, a descriptor), not replaced: what was
    /// written before a failure has reached its reader.
    public var isStream: Bool { renaming == nil }

    /// All of `bytes`, however many writes it takes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        if let failure = DescriptorWrite.all(bytes, to: descriptor) { throw Failure(reason: DescriptorWrite.reason(failure)) }
    }

    /// Puts the file in place of the old one (what was written must be flushed first).
    /// `synced`: on the disk before it replaces the old one (an export); a cache, which
    /// can always be fetched again, need not wait for the disk. A stream has nothing
    /// to put in place.
    public func commit(synced: Bool = true) throws(Failure) {
        if let renaming {
            guard !synced || fsync(descriptor) == 0, rename(renaming.temporary, renaming.destination) == 0 else {
                throw Failure(reason: AtomicReplacement.systemReason())
            }
            AtomicReplacement.unfinished.withLock { _ = $0.remove(renaming.temporary) }
        }
        committed.store(true, ordering: .releasing)
    }

    /// Drops what was written: the temporary file goes, the old file stays as it was.
    /// (A replacement dropped without `commit` does as much when it is released.)
    public func discard() {
        guard let renaming, !committed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        unlink(renaming.temporary)
    }

    /// Temporary files a killed cpvanity left beside `target` (`.<name>.cpvanity-tmp-<pid>`,
    /// its process gone): removed, so a run killed while it wrote leaves no litter for long.
    public static func removeLeftovers(besides target: String) {
        guard case .file(let destination)? = try? WritePlace.of(target) else { return }
        let url = URL(fileURLWithPath: destination)
        let prefix = ".\(url.lastPathComponent).cpvanity-tmp-"
        let directory = url.deletingLastPathComponent().path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink((directory as NSString).appendingPathComponent(name))
        }
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

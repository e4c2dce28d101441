import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a write to a user's path lands: where the path points, as a shell's `>` or
/// curl's `-o` would write. Through a symbolic link it is the file the link names (the
/// link stays a link); a FIFO, a terminal or another device is a stream written straight
/// into, never replaced by a regular file; `/dev/stdout` and `/dev/fd/N` are this
/// process's own descriptors. Only a regular file (or none yet) is replaced atomically.
public enum WritePlace: Equatable, Sendable {
    /// A regular file, or none yet, at this path with every link followed.
    case file(String)
    /// A FIFO, a character or block device, anything else that is no regular file.
    case stream(String)
    /// One of this process's descriptors (`/dev/stdout` is 1).
    case descriptor(Int32)

    /// Why a path cannot be written, in the system's words or ours.
    public struct Failure: Error, Sendable, Equatable {
        public let reason: String
    }

    /// Links followed before giving up, as the kernel's own limit (ELOOP).
    static let mostLinks = 40

    /// Where writing `path` lands; a directory, a link loop or a socket is a failure.
    public static func of(_ path: String) throws(Failure) -> WritePlace {
        var current = path
        for _ in 0...mostLinks {
            if let descriptor = ownDescriptor(current) { return .descriptor(descriptor) }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                // Nothing there yet (a dangling link's target included): a new file.
                if errno == ENOENT { return .file(current) }
                throw Failure(reason: String(cString: strerror(errno)))
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                guard let next = linkTarget(current) else { throw Failure(reason: String(cString: strerror(errno))) }
                current = next
            case S_IFREG:
                return .file(current)
            case S_IFDIR:
                throw Failure(reason: String(cString: strerror(EISDIR)))
            case S_IFSOCK:
                throw Failure(reason: "it is a socket, which cannot be opened as a file")
            default:
                return .stream(current)
            }
        }
        throw Failure(reason: String(cString: strerror(ELOOP)))
    }

    /// True for a path that is written straight into rather than replaced (a FIFO, a
    /// device, a descriptor); a path that cannot be resolved is not one.
    public static func isStream(_ path: String) -> Bool {
        switch try? of(path) {
        case .stream, .descriptor: return true
        case .file, nil: return false
        }
    }

    /// The path a link names, resolved against the link's own directory when relative.
    private static func linkTarget(_ link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let directory = (link as NSString).deletingLastPathComponent
        return directory.isEmpty ? target : (directory as NSString).appendingPathComponent(target)
    }

    /// `/dev/fd/N`, `/proc/self/fd/N` (and this process's own `/proc/PID/fd/N`; Linux's
    /// `/dev/stdout` is a link to `/proc/self/fd/1`): the descriptor they name, written
    /// through as it is (a regular file behind it keeps its offset, a pipe its reader).
    private static func ownDescriptor(_ path: String) -> Int32? {
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            guard !rest.isEmpty, rest.count <= 9, rest.allSatisfy(\.isASCII), let number = Int32(rest), number >= 0 else { return nil }
            return number
        }
        return nil
    }
}

import Foundation

/// Why an export or its checkpoint could not be written or read.
public enum ExportError: Error, CustomStringConvertible {
    case cannotWrite(String, reason: String)
    case cannotRead(String, reason: String)
    case notACheckpoint(String)
    /// Another cpvanity holds the checkpoint: that batch is writing the same output now.
    case inUse(checkpoint: String, output: String)

    public var description: String {
        switch self {
        case .inUse(let checkpoint, let output):
            return "another cpvanity is writing \(output) now (its checkpoint \(checkpoint) is in use); nothing was changed"
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

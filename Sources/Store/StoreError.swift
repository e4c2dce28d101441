/// Why the history cannot be used. Every case names the file and says what happened;
/// none of them ever overwrites the file. What to do about it (which option points
/// elsewhere) is the command line's to say.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    case notADatabase(path: String)
    /// Another program's SQLite database: never taken over.
    case foreignDatabase(path: String, tables: [String])
    case newerSchema(path: String)
    /// Read without writing, a history too old to read until it is brought up to date.
    case olderSchema(path: String)
    /// Read without writing, a history that is not there.
    case missing(path: String)
    case locked(path: String)
    case cannotOpen(path: String, reason: String)
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notADatabase(let path):
            return "\(path) is not a cpvanity history (not an SQLite database); nothing was written to it"
        case .foreignDatabase(let path, let tables):
            return "\(path) is another program's SQLite database (its tables: \(tables.prefix(8).joined(separator: ", "))\(tables.count > 8 ? ", ..." : "")), not a cpvanity history; nothing was written to it"
        case .newerSchema(let path):
            return "\(path) was written by a newer cpvanity (its history schema is newer than this one knows); nothing was written to it. Upgrade cpvanity"
        case .olderSchema(let path):
            return "\(path) was written by an older cpvanity; a lookup that saves to it brings it up to date, after which it can be read"
        case .missing(let path):
            return "there is no history at \(path) yet; look members up first"
        case .locked(let path):
            return "\(path) is locked by another process (another cpvanity still running?); nothing was written. Try again when it is done"
        case .cannotOpen(let path, let reason):
            return "cannot open the history \(path): \(reason)"
        case .failed(let path, let reason):
            return "the history \(path) could not be updated: \(reason)"
        }
    }
}

/// Why the history cannot be used. Every case names the file and what to do;
/// none of them ever overwrites the file.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    case notADatabase(path: String)
    /// Another program's SQLite database: never taken over.
    case foreignDatabase(path: String, tables: [String])
    case newerSchema(path: String)
    case locked(path: String)
    case cannotOpen(path: String, reason: String)
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notADatabase(let path):
            return "\(path) is not a cpvanity history (not an SQLite database); nothing was written to it. Point --db (or CPVANITY_DB) at another file, or move it aside"
        case .foreignDatabase(let path, let tables):
            return "\(path) is another program's SQLite database (its tables: \(tables.prefix(8).joined(separator: ", "))\(tables.count > 8 ? ", ..." : "")), not a cpvanity history; nothing was written to it. Point --db (or CPVANITY_DB) at a new file"
        case .newerSchema(let path):
            return "\(path) was written by a newer cpvanity (its history schema is newer than this one knows); nothing was written to it. Upgrade cpvanity, or use another --db"
        case .locked(let path):
            return "\(path) is locked by another process (another cpvanity still running?); nothing was written. Try again when it is done, or give --db another file (lookups also take --no-store)"
        case .cannotOpen(let path, let reason):
            return "cannot open the history \(path): \(reason). Use --db to put it elsewhere (lookups also take --no-store)"
        case .failed(let path, let reason):
            return "the history \(path) could not be updated: \(reason)"
        }
    }
}

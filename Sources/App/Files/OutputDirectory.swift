import Foundation

/// A directory the user named for cpvanity to write in: created with its parents when
/// missing, or an error saying what is in the way.
public enum OutputDirectory {
    public static func prepare(_ path: String, role: AppError.DirectoryRole) throws(AppError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .unusableDirectory(role, path: path, reason: "it is a file, not a directory; name a directory (it is created if missing)")
            }
            return
        }
        // mkdir(2) one level at a time, so the message can name the level that failed
        // and say why in the system's words (Foundation's error says neither on Linux).
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var prefix = ""
        var created = [String]()
        for component in absolute.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 { created.append(prefix); continue }
            if errno == EEXIST { continue }
            throw .unusableDirectory(role, path: path, reason: "cannot create \(prefix): \(String(cString: strerror(errno)))")
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unusableDirectory(role, path: path, reason: "cannot create it: a file stands in the way")
        }
        // A directory the user named that was not there (a typo?) is said, not made in silence;
        // the cache's own directory is the tool's business.
        if let first = created.first, let purpose = OutputDirectory.purpose(role) {
            Diagnostics.info("created \(first)\(created.count > 1 ? " and \(created.count - 1) more below it" : "") for \(purpose)")
        }
    }

    private static func purpose(_ role: AppError.DirectoryRole) -> String? {
        switch role {
        case .output: return "the output"
        case .summary: return "the summary"
        case .savePages: return "the saved pages"
        case .cache: return nil
        }
    }

    /// The directory a file is to be written in.
    public static func prepare(parentOf file: String, role: AppError.DirectoryRole) throws(AppError) {
        try prepare(URL(fileURLWithPath: file).deletingLastPathComponent().path, role: role)
    }
}

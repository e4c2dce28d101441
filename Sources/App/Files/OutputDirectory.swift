import Foundation

/// A directory the user named for cpvanity to write in (`--cache`, `--save-pages`):
/// created with its parents when missing, or a message saying what is in the way (on
/// stderr) and exit status 2.
public enum OutputDirectory {
    /// `label` is how the message names it, e.g. `--cache pages/`.
    public static func prepare(_ path: String, label: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                Diagnostics.error("\(label) is a file, not a directory; name a directory (it is created if missing)")
                throw ExitStatus.badInput
            }
            return
        }
        // mkdir(2) one level at a time, so the message can name the level that failed
        // and say why in the system's words (Foundation's error says neither on Linux).
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var prefix = ""
        for component in absolute.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 || errno == EEXIST { continue }
            Diagnostics.error("\(label): cannot create \(prefix): \(String(cString: strerror(errno)))")
            throw ExitStatus.badInput
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            Diagnostics.error("\(label): cannot create it: a file stands in the way")
            throw ExitStatus.badInput
        }
    }
}

import Foundation

/// Reads a file the user named, or says why not (on stderr) and exits with status 2.
public enum InputFile {
    /// `label` is how the message names it: the path, or e.g. `--ids ids.txt`.
    public static func read(_ path: String, label: String? = nil) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            Diagnostics.error("cannot read \(label ?? path): \(reason)")
            throw ExitStatus.badInput
        }
        return data
    }
}

import Foundation

/// Reads a file the user named, or says why not.
public enum InputFile {
    public static func read(_ path: String, role: AppError.FileRole) throws(AppError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            throw .unreadableFile(role, path: path, reason: reason)
        }
        return data
    }
}

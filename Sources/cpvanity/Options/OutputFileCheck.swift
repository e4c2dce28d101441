import ArgumentParser
import Foundation

/// `--output FILE`, checked before anything is fetched rather than after: not a
/// directory, and not inside a file. Missing directories are made when it is written
/// (one rule for everything cpvanity writes).
enum OutputFileCheck {
    /// The file `--output` names; nil for standard output (no --output, or `--output -`).
    static func file(_ output: String?) -> String? {
        output == "-" ? nil : output
    }

    /// `example` names a file the message suggests inside a directory given by mistake.
    static func validate(_ output: String, example: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("--output \(output) is a directory: give the export a file name, e.g. \(URL(fileURLWithPath: output).appendingPathComponent(example).path)")
        }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError("--output \(output): \(folder) is a file, not a directory")
        }
    }
}

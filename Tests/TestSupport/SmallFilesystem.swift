import Foundation

/// A filesystem of its own for a test: a tmpfs of a few KiB (a disk that fills), or
/// read-only (a folder nothing can be written in, whoever runs the test: root is not
/// stopped by a directory's permissions, a read-only mount stops everyone). Mounting
/// needs root and a system that lets it; where it cannot be made, `make` says nil and
/// the test that needs it is skipped, shown as skipped.
public final class SmallFilesystem: @unchecked Sendable {
    public let path: String

    private init(path: String) {
        self.path = path
    }

    /// Whether this machine lets a test mount one (checked once, with a mount of its own).
    public static let available: Bool = {
        guard getuid() == 0, let probe = try? SmallFilesystem.make(kib: 16) else { return false }
        _ = probe
        return true
    }()

    public static func make(kib: Int, readOnly: Bool = false) throws -> SmallFilesystem? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-fs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let options = "size=\(kib)k" + (readOnly ? ",ro" : "")
        guard run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return SmallFilesystem(path: path)
    }

    deinit {
        _ = SmallFilesystem.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

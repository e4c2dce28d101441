import Foundation

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs a binary built beside the test bundle, in the repository root.
func run(_ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> CommandResult {
    let products = Bundle.main.executableURL?.deletingLastPathComponent()
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = products.appendingPathComponent(executable)
    if !FileManager.default.fileExists(atPath: binary.path) {
        // The test bundle may sit one level inside the products directory.
        binary = products.deletingLastPathComponent().appendingPathComponent(executable)
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CPVANITY_PATTERNS")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read before waiting so a full pipe cannot stall the child.
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus,
                         stdout: String(decoding: stdoutData, as: UTF8.self),
                         stderr: String(decoding: stderrData, as: UTF8.self))
}

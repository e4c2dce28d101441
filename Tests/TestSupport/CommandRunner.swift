import Foundation

/// The repository root, found from this file's path.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
public let codeprojectFixtures = repositoryRoot.appendingPathComponent("Fixtures/codeproject").path

public struct CommandResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// A binary the package builds, beside the test bundle.
public func builtProduct(_ name: String) -> URL {
    let products = Bundle.main.executableURL?.deletingLastPathComponent()
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = products.appendingPathComponent(name)
    // The test bundle may sit one level inside the products directory.
    return FileManager.default.fileExists(atPath: beside.path) ? beside : products.deletingLastPathComponent().appendingPathComponent(name)
}

/// Runs a built binary in the repository root and waits for it.
public func run(_ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> CommandResult {
    try run(at: builtProduct(executable), arguments, stdin: stdin, environment: environment)
}

/// Runs any program (a path, e.g. /usr/bin/env for a script) in `directory`, the
/// repository root unless said.
public func run(at executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                directory: URL = repositoryRoot) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = testEnvironment(environment)
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Drain stderr on its own thread so neither pipe can fill and stall the child.
    let stderrBox = DataBox()
    let reader = Thread { stderrBox.data = err.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !stderrBox.done { usleep(1000) }
    return CommandResult(status: process.terminationStatus,
                         stdout: String(decoding: stdoutData, as: UTF8.self),
                         stderr: String(decoding: stderrBox.data, as: UTF8.self))
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var finished = false

    var data: Data {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue; finished = true } }
    }

    var done: Bool { lock.withLock { finished } }
}

/// The environment a command runs in under test: never the user's own history (each
/// run gets a fresh one unless the test names one), packs or budgets. Each run books its
/// requests and keeps robots.txt in a directory of its own (a replica's port may be a
/// former replica's, whose robots.txt was another); tests of runs that share a budget
/// name one directory for them.
public func testEnvironment(_ environment: [String: String] = [:]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CPVANITY_PATTERNS")
    env["CPVANITY_DB"] = testScratch + "/history-\(UUID().uuidString).sqlite"
    env["CPVANITY_BUDGETS"] = testScratch + "/budgets/" + UUID().uuidString
    for (key, value) in environment { env[key] = value }
    return env
}

/// cpvanity started in the background (the test signals it, waits for it), in the
/// repository root, in the test environment; its output thrown away unless the test
/// sets its own.
public func startedCommand(_ arguments: [String], environment: [String: String] = [:]) -> Process {
    let process = Process()
    process.executableURL = builtProduct("cpvanity")
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    process.environment = testEnvironment(environment)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
}

/// Where the commands a test process runs keep what they write of their own (a
/// history each, the budgets they book requests in): one directory, removed when the
/// process ends, so that runs of the tests leave nothing behind in /tmp.
public let testScratch: String = {
    try? FileManager.default.createDirectory(atPath: testScratchPath, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: testScratchPath) }
    return testScratchPath
}()

private let testScratchPath = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-tests-\(getpid())").path

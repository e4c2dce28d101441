import Foundation

/// A pseudo-terminal pair: what is written to `follower` is read from the leader.
public final class PseudoTerminal: @unchecked Sendable {
    public let leader: Int32
    public let follower: Int32

    public struct OpenError: Error { public let step: String }

    public init() throws {
        // posix_openpt and ptsname are hidden from Swift's Glibc; /dev/ptmx and two
        // ioctls are what they do (TIOCSPTLCK, TIOCGPTN from <asm-generic/ioctls.h>,
        // which Swift does not import).
        leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard leader >= 0 else { throw OpenError(step: "open /dev/ptmx") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(leader, 0x4004_5431, &unlock) == 0, ioctl(leader, 0x8004_5430, &number) == 0 else {
            close(leader)
            throw OpenError(step: "unlock /dev/ptmx")
        }
        follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard follower >= 0 else {
            close(leader)
            throw OpenError(step: "open /dev/pts/\(number)")
        }
    }

    deinit {
        close(follower)
        close(leader)
    }

    /// Everything written while `running` says so, and what is left after.
    public func readUntilQuiet(while running: () -> Bool) throws -> String {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, 200)
            if ready > 0 {
                let count = read(leader, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            } else if !running() {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Everything written so far (the terminal holds it until read).
    public func readAll() throws -> String {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 200) > 0 {
            let count = read(leader, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Runs a built binary with its standard output on a pseudo-terminal (as a user at a
/// terminal runs it: `isatty` says yes), stderr on a pipe; returns what the terminal
/// was sent, as bytes decoded leniently, and stderr.
public func runOnTerminal(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = builtProduct(executable)
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    process.environment = testEnvironment(["COLUMNS": "100"].merging(environment) { $1 })
    let err = Pipe()
    process.standardOutput = FileHandle(fileDescriptor: terminal.follower, closeOnDealloc: false)
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The terminal holds a few kilobytes: read it while the program writes.
    let screen = ScreenBox()
    let reader = Thread { screen.text = (try? terminal.readUntilQuiet(while: { process.isRunning })) ?? "" }
    reader.start()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !screen.done { usleep(1000) }
    return CommandResult(status: process.terminationStatus, stdout: screen.text, stderr: String(decoding: stderr, as: UTF8.self))
}

private final class ScreenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    private var finished = false

    var text: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue; finished = true } }
    }

    var done: Bool { lock.withLock { finished } }
}

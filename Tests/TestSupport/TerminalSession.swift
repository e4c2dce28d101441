import Foundation

/// cpvanity running with its stderr (and stdout) on a pseudo-terminal, as a person at
/// a terminal runs it, watched as it goes: what the terminal was sent and when, so a
/// test can ask how soon something showed, and signal it (Ctrl-C) midway.
public final class TerminalSession: @unchecked Sendable {
    public let process: Process
    private let terminal: PseudoTerminal
    private let lock = NSLock()
    private var received = [UInt8]()
    private var firstByte: Date?
    public let started: Date
    private var reader: Thread?

    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        terminal = try PseudoTerminal()
        process = startedCommand(arguments, environment: ["COLUMNS": "100"].merging(environment) { $1 })
        let screen = FileHandle(fileDescriptor: terminal.follower, closeOnDealloc: false)
        process.standardOutput = screen
        process.standardError = screen
        process.standardInput = FileHandle.nullDevice
        started = Date()
        try process.run()
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var poller = pollfd(fd: terminal.leader, events: Int16(POLLIN), revents: 0)
            while true {
                if poll(&poller, 1, 100) > 0 {
                    let count = read(terminal.leader, &buffer, buffer.count)
                    guard count > 0 else { break }
                    lock.withLock {
                        if firstByte == nil { firstByte = Date() }
                        received += buffer[0..<count]
                    }
                } else if !process.isRunning {
                    break
                }
            }
        }
        reader = thread
        thread.start()
    }

    /// All the terminal was sent so far.
    public var screen: String { lock.withLock { String(decoding: received, as: UTF8.self) } }

    /// Seconds from the start until `text` showed, waiting up to `timeout`; nil if it never did.
    public func seconds(until text: String, timeout: TimeInterval = 30) -> TimeInterval? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screen.contains(text) { return Date().timeIntervalSince(started) }
            if !process.isRunning && !screen.contains(text) { usleep(200_000); return screen.contains(text) ? Date().timeIntervalSince(started) : nil }
            usleep(10_000)
        }
        return nil
    }

    /// Sends `signal` and waits for the end: the seconds it took and the exit status.
    public func stop(with signal: Int32) -> (seconds: TimeInterval, status: Int32) {
        let sent = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        while reader?.isFinished == false { usleep(10_000) }
        return (took, process.terminationStatus)
    }

    /// Waits for the end; the exit status.
    public func wait() -> Int32 {
        process.waitUntilExit()
        while reader?.isFinished == false { usleep(10_000) }
        return process.terminationStatus
    }
}

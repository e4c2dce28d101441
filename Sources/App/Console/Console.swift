import Files
import Foundation
import Logging
import Report
import Synchronization

/// How much cpvanity says on stderr.
public enum Verbosity: Sendable {
    /// Errors and the drift alert only: what a cron job mails.
    case quiet
    /// Also warnings, progress and summaries.
    case normal
    /// Also a trace of every HTTP request.
    case verbose

    var level: Logger.Level {
        switch self {
        case .quiet: return .error
        case .normal: return .info
        case .verbose: return .debug
        }
    }
}

/// stderr, and the only place anything is written to it: every diagnostic comes here
/// through swift-log (`ConsoleLogHandler`), escaped for the terminal, coloured only on
/// one, above the progress line when there is one.
public enum Console {
    private struct State {
        var verbosity = Verbosity.normal
        var color = false
        /// The progress line on screen, redrawn under each message.
        var progress: String?
    }

    private static let state = Mutex(State())
    /// Progress lines are for a person watching, never for a log file.
    public static let isTerminal = isatty(STDERR_FILENO) == 1

    /// `color`: the caller has weighed the terminal, NO_COLOR and `--color`.
    public static func configure(_ verbosity: Verbosity, color: Bool) {
        state.withLock {
            $0.verbosity = verbosity
            $0.color = color && isTerminal
        }
    }

    public static var verbosity: Verbosity { state.withLock { $0.verbosity } }

    /// A logger whose messages come here (`label` names the part that speaks).
    public static func logger(_ label: String) -> Logger {
        Logger(label: label, factory: { ConsoleLogHandler(label: $0) })
    }

    /// Draws `line` in place of the previous progress line (terminals only, not quiet).
    public static func progress(_ line: String) {
        guard isTerminal else { return }
        state.withLock { state in
            guard state.verbosity != .quiet else { return }
            state.progress = line
            put("\r\u{1B}[2K" + line)
        }
    }

    /// Takes the progress line off the screen for good.
    public static func clearProgress() {
        state.withLock { state in
            guard state.progress != nil else { return }
            state.progress = nil
            put("\r\u{1B}[2K")
        }
    }

    static func emit(_ level: Logger.Level, label: String, _ message: String) {
        state.withLock { state in
            var prefix = "cpvanity: "
            switch level {
            case .trace, .debug: prefix += (label.split(separator: ".").last.map { "\($0): " } ?? "")
            case .warning: prefix += state.color ? "\u{1B}[33mwarning:\u{1B}[0m " : "warning: "
            case .error, .critical: if state.color { prefix = "\u{1B}[31m" + prefix + "\u{1B}[0m" }
            case .info, .notice: break
            }
            let text = prefix + TerminalText.escaped(message) + "\n"
            if let line = state.progress { put("\r\u{1B}[2K" + text + line) } else { put(text) }
        }
    }

    static func level() -> Logger.Level { state.withLock { $0.verbosity.level } }

    /// Nothing to do when stderr is gone: there is nowhere left to say so.
    private static func put(_ text: String) {
        var text = text
        _ = text.withUTF8 { DescriptorWrite.all(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }
}

/// The one swift-log handler: hands each message to `Console` at the level
/// `--quiet`/`--verbose` set.
public struct ConsoleLogHandler: LogHandler {
    public let label: String
    public var metadata: Logger.Metadata = [:]

    public init(label: String) { self.label = label }

    /// What `Console.configure` said, whatever a caller sets.
    public var logLevel: Logger.Level {
        get { Console.level() }
        set {}
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        Console.emit(event.level, label: label, event.message.description)
    }
}

/// What the application says on stderr, by weight.
public enum Diagnostics {
    private static let logger = Console.logger("cpvanity")

    public static func error(_ message: String) { logger.error("\(message)") }
    /// Said even under `--quiet`: what a cron job is for (markup drift).
    public static func alert(_ message: String) { logger.error("warning: \(message)") }
    public static func warning(_ message: String) { logger.warning("\(message)") }
    /// Progress notes and summaries.
    public static func info(_ message: String) { logger.info("\(message)") }
}

/// stdout, and the only way to it: data for whatever reads it, through the same
/// writer records take (which escapes control characters on a terminal).
public enum Output {
    /// Where a run's standard output goes instead, within `capturing`.
    @TaskLocal private static var captured: (any ByteWriter)?

    /// The writer formats write documents and records to.
    static var writer: any ByteWriter { captured ?? DescriptorWriter.standardOutput }

    /// Standard output is a terminal (a person reads it); never while captured.
    public static var isTerminal: Bool { captured == nil && isatty(STDOUT_FILENO) == 1 }

    /// Runs `body` with what it writes to standard output going to `writer`: how a
    /// test runs a command through App and reads what it printed. The tasks `body`
    /// starts write there too.
    public static func capturing<T: Sendable>(into writer: any ByteWriter, _ body: () async throws -> T) async rethrows -> T {
        try await $captured.withValue(writer) { try await body() }
    }

    /// Writes `text`; a failure (a full disk, a closed pipe's reader gone) is thrown in
    /// the system's words, never passed over.
    public static func write(_ text: String) throws(AppError) {
        do {
            try writer.write(text)
        } catch let error as WriteError {
            throw .cannotWrite(path: "standard output", reason: error.reason)
        } catch {
            throw .cannotWrite(path: "standard output", reason: "\(error)")
        }
    }

    /// Text with `TerminalStyle`'s styling (a feed's table in colour).
    public static func write(styled text: String) throws(AppError) {
        do {
            try writer.write(styled: text)
        } catch let error as WriteError {
            throw .cannotWrite(path: "standard output", reason: error.reason)
        } catch {
            throw .cannotWrite(path: "standard output", reason: "\(error)")
        }
    }
}

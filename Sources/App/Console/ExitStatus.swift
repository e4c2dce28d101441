/// The exit statuses cpvanity documents (README, `--help`), thrown by the
/// application once the reason is on stderr; the command line exits with them.
public struct ExitStatus: Error, Equatable, Sendable {
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    /// Some records had errors, or a check found mismatches.
    public static let partialFailure = ExitStatus(1)
    /// Input cpvanity cannot use: an unreadable page, a broken pack.
    public static let badInput = ExitStatus(2)
    /// A field the pack expects was missing on half or more of the pages of its
    /// source (at least five): the site's markup has probably changed.
    public static let drift = ExitStatus(3)
    /// `refresh --exit-code`: something changed since the last lookup.
    public static let changed = ExitStatus(4)
    /// What was asked cannot be done as asked (an ID the site does not use): nothing ran.
    public static let usage = ExitStatus(64)
}

/// A run stopped by Ctrl-C or SIGTERM once what could be kept was kept: the status to
/// exit with, and whether a checkpoint was kept for the next run to resume (the command
/// line says how: the flag is its to name).
public struct Interrupted: Error, Sendable {
    public let status: ExitStatus
    public let resumable: Bool

    public init(status: ExitStatus, resumable: Bool) {
        self.status = status
        self.resumable = resumable
    }
}

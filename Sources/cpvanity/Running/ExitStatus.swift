import ArgumentParser
import Foundation
import Report

/// The exit statuses cpvanity documents (README, `--help`).
enum ExitStatus {
    /// Some records had errors, or a check found mismatches.
    static let partialFailure = ExitCode(1)
    /// Input cpvanity cannot use: an unreadable page, a broken pack.
    static let badInput = ExitCode(2)
    /// A field the pack expects was missing on half or more of the pages of its
    /// source (at least five): the site's markup has probably changed.
    static let drift = ExitCode(3)
    /// `refresh --exit-code`: something changed since the last lookup.
    static let changed = ExitCode(4)
}

/// Diagnostics go to stderr so stdout stays data.
enum Diagnostics {
    // Messages quote pages, packs and servers: their control characters are escaped.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("cpvanity: \(TerminalText.escaped(message))\n".utf8))
    }

    static func warning(_ message: String) {
        guard !Verbosity.quiet else { return }
        FileHandle.standardError.write(Data("cpvanity: warning: \(TerminalText.escaped(message))\n".utf8))
    }
}

/// Writes data to stdout.
enum Output {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

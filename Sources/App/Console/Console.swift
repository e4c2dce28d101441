import Foundation
import Report

/// Diagnostics go to stderr so stdout stays data.
public enum Diagnostics {
    // Messages quote pages, packs and servers: their control characters are escaped.
    public static func error(_ message: String) {
        FileHandle.standardError.write(Data("cpvanity: \(TerminalText.escaped(message))\n".utf8))
    }

    public static func warning(_ message: String) {
        guard !Verbosity.quiet else { return }
        FileHandle.standardError.write(Data("cpvanity: warning: \(TerminalText.escaped(message))\n".utf8))
    }
}

/// Writes data to stdout.
public enum Output {
    public static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

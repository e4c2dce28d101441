import App
import Foundation
import Report

/// A one-line progress bar on stderr, redrawn in place, only when stderr is a
/// terminal: done/total, failures, rate and time left. Elsewhere it stays silent and
/// only the final summary is printed.
final class ProgressLine {
    private let total: Int
    private let enabled: Bool
    private let started = Date()
    private var done = 0
    private var failed = 0
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && !Verbosity.quiet
    }

    func record(failed didFail: Bool) {
        done += 1
        if didFail { failed += 1 }
        let now = Date()
        // At most ten redraws a second, and always the last one.
        if enabled && (now.timeIntervalSince(lastDraw) >= 0.1 || done == total) {
            lastDraw = now
            draw()
        }
    }

    /// Prints a message above the bar.
    func note(_ message: String) {
        guard !Verbosity.quiet else { return }
        clear()
        FileHandle.standardError.write(Data((TerminalText.escaped(message) + "\n").utf8))
        if enabled && done > 0 { draw() }
    }

    func clear() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        drawn = false
    }

    private func draw() {
        let elapsed = Date().timeIntervalSince(started)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let text = "\r\u{1B}[2K\(bar) \(done)/\(total) · \(failed) failed · \(String(format: "%.1f", rate))/s · ETA \(ProgressLine.clock(left))"
        FileHandle.standardError.write(Data(text.utf8))
        drawn = true
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}

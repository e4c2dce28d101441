import Foundation

/// A one-line progress bar under the messages on stderr (terminals only): done/total,
/// failures, rate and time left. Elsewhere only the final summary is printed.
public final class ProgressLine {
    private let total: Int
    private let started = Date()
    private var done = 0
    private var failed = 0
    private var lastDraw = Date.distantPast

    public init(total: Int) {
        self.total = total
    }

    public func record(failed didFail: Bool) {
        done += 1
        if didFail { failed += 1 }
        let now = Date()
        // At most ten redraws a second, and always the last one.
        if now.timeIntervalSince(lastDraw) >= 0.1 || done == total {
            lastDraw = now
            draw()
        }
    }

    public func clear() {
        Console.clearProgress()
    }

    private func draw() {
        let elapsed = Date().timeIntervalSince(started)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        Console.progress("\(bar) \(done)/\(total) · \(failed) failed · \(String(format: "%.1f", rate))/s · ETA \(ProgressLine.clock(left))")
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}

import Foundation
import Lookup
import Synchronization

/// A one-line progress bar under the messages on stderr (terminals only): done/total,
/// failures, rate and time left. Elsewhere only the final summary is printed.
///
/// Archive work runs at the archive's slow, published pace, minutes between one
/// member and the next; so with an `archive` the line says what is being asked of it
/// (captures read of those listed, index pages), its pace and the time its budgets
/// leave, and is redrawn twice a second whether or not a member finished.
public final class ProgressLine: Sendable {
    private struct State {
        var done = 0
        var failed = 0
        var lastDraw = Date.distantPast
        /// Members whose captures are listed, and the captures they have to read (a backfill).
        var membersListed = 0
        var capturesListed = 0
    }

    private let total: Int
    /// What the work is, before the counts ("backfill", "as of 2017").
    private let label: String?
    private let archive: ArchiveReader?
    private let started = Date()
    private let state = Mutex(State())
    private let ticker = Mutex<Task<Void, Never>?>(nil)

    public init(total: Int, label: String? = nil, archive: ArchiveReader? = nil) {
        self.total = total
        self.label = label
        self.archive = archive
        guard archive != nil, Console.isTerminal else { return }
        ticker.withLock {
            $0 = Task { [weak self] in
                while !Task.isCancelled {
                    self?.draw()
                    try? await Task.sleep(for: .milliseconds(500))
                }
            }
        }
    }

    deinit { ticker.withLock { $0?.cancel() } }

    public func record(failed didFail: Bool) {
        let now = Date()
        // At most ten redraws a second, and always the last one.
        let due: Bool = state.withLock { state in
            state.done += 1
            if didFail { state.failed += 1 }
            guard now.timeIntervalSince(state.lastDraw) >= 0.1 || state.done == total else { return false }
            state.lastDraw = now
            return true
        }
        if due { draw() }
    }

    /// Draws the line before any member finishes (0 of them): a terminal knows at once
    /// that the work has begun.
    public func start() {
        draw()
    }

    /// A backfill listed more of a member's captures: `captures` more to read; `whole`
    /// once the member's listing is complete.
    public func listed(captures: Int, whole: Bool = true) {
        state.withLock {
            if whole { $0.membersListed += 1 }
            $0.capturesListed += captures
        }
    }

    /// Takes the line off the screen until it is drawn again (a record goes to the
    /// terminal in its place).
    public func hide() {
        Console.clearProgress()
    }

    /// Takes the line off the screen for good.
    public func clear() {
        ticker.withLock {
            $0?.cancel()
            $0 = nil
        }
        Console.clearProgress()
    }

    private func draw() {
        guard Console.isTerminal else { return }
        let state = self.state.withLock { $0 }
        let elapsed = Date().timeIntervalSince(started)
        let rate = elapsed > 0 ? Double(state.done) / elapsed : 0
        if let archive {
            Console.progress(archiveLine(state, archive: archive, rate: rate))
            return
        }
        let left = rate > 0 ? Double(total - state.done) / rate : 0
        let width = 24
        let filled = total > 0 ? width * state.done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        Console.progress("\(bar) \(state.done)/\(total) · \(state.failed) failed · \(String(format: "%.1f", rate))/s · ETA \(ProgressLine.clock(left))")
    }

    /// `backfill 1/4 members · 12/40 captures · 5 index pages · index 0.4/s · 0:20 left`
    private func archiveLine(_ state: State, archive: ArchiveReader, rate: Double) -> String {
        let counts = archive.activity.counts
        let captures = counts.captures + counts.capturesKept, pages = counts.indexPages + counts.indexPagesKept
        let indexRate = archive.indexFetcher.policy.ratePerHost, playbackRate = archive.fetcher.policy.ratePerHost
        var parts = ["\(label.map { $0 + " " } ?? "")\(state.done)/\(total) member\(total == 1 ? "" : "s")"]
        if state.failed > 0 { parts.append("\(state.failed) failed") }
        parts.append(state.capturesListed > 0 ? "\(min(captures, state.capturesListed))/\(state.capturesListed) captures" : "\(captures) capture\(captures == 1 ? "" : "s")")
        parts.append("\(pages) index page\(pages == 1 ? "" : "s")")
        // The budget that holds the work up now: the index's while members are still to list.
        let listing = state.capturesListed > 0 ? state.membersListed < total : captures == 0
        let pace = listing ? indexRate : playbackRate
        if pace > 0 { parts.append("\(listing ? "index" : "captures") \(ProgressLine.number(pace))/s") }
        if let left = timeLeft(state, captures: captures, pages: pages, indexRate: indexRate, playbackRate: playbackRate, rate: rate) {
            parts.append("\(ProgressLine.clock(left)) left")
        }
        return parts.joined(separator: " · ")
    }

    /// What the budgets leave: the index pages of the members not yet listed at the
    /// index's pace and the captures still to read at playback's, side by side; for
    /// members read as of a date, their pace so far. Nil until something is known.
    private func timeLeft(_ state: State, captures: Int, pages: Int, indexRate: Double, playbackRate: Double, rate: Double) -> Double? {
        if state.membersListed > 0, indexRate > 0, playbackRate > 0 {
            let unlisted = Double(max(0, total - state.membersListed))
            let perMember = Double(max(pages, state.membersListed)) / Double(state.membersListed)
            let capturesPerMember = Double(state.capturesListed) / Double(state.membersListed)
            let capturesLeft = Double(max(0, state.capturesListed - captures)) + unlisted * capturesPerMember
            return max(unlisted * perMember / indexRate, capturesLeft / playbackRate)
        }
        return state.done > 0 && rate > 0 ? Double(total - state.done) / rate : nil
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    static func clock(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(seconds, 0), 359_999).rounded()) : 0
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}

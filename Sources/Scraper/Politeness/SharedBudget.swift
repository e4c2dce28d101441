import Foundation

/// A public service's request budget shared by every cpvanity process on the machine:
/// they share one address, and so one budget (two shards, a cron job and a user). Each
/// request books the next free slot in a small file per service and lane, under an
/// exclusive lock (`flock`), so that together the processes keep to the rate; a pause
/// (after a 429) is written there too, and every process keeps it.
public struct SharedBudget: Sendable, Equatable {
    /// The directory of the slot files.
    public let directory: String
    /// Which of a service's budgets (`index`, `playback`, `site`).
    public let lane: String

    public init(directory: String, lane: String) {
        self.directory = directory
        self.lane = lane
    }

    /// Books the first slot at or after `now` that is `interval` seconds after the last
    /// one booked by any process, and after any pause: when this request may start.
    /// Nil when the file cannot be used (then only this process's pace holds).
    func book(host: String, interval: Double, now: Date = Date()) -> Date? {
        withLockedFile(host: host, now: now) { state in
            let slot = max(now.timeIntervalSince1970, state.next, state.pausedUntil)
            state.next = slot + interval
            return Date(timeIntervalSince1970: slot)
        }
    }

    /// No process starts a request to `host` in this lane before `until`.
    func pause(host: String, until: Date, now: Date = Date()) {
        _ = withLockedFile(host: host, now: now) { state in
            state.pausedUntil = max(state.pausedUntil, until.timeIntervalSince1970)
            return until
        }
    }

    private struct State {
        var next: Double
        var pausedUntil: Double
    }

    /// A host name (with its port) and the lane as a file name: letters, digits, dots,
    /// dashes; anything else is `_`, so no name leads out of the directory.
    func fileName(host: String) -> String {
        let safe = (host + "-" + lane).unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-")) ? Character(scalar) : "_"
        }
        return String(String(safe).trimmingCharacters(in: CharacterSet(charactersIn: ".")).prefix(200)) + ".budget"
    }

    private func withLockedFile(host: String, now date: Date, _ change: (inout State) -> Date) -> Date? {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return nil }
        let path = (directory as NSString).appendingPathComponent(fileName(host: host))
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { return nil }
        defer { flock(descriptor, LOCK_UN) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        // Two numbers as text; anything else (a hostile or torn file) is no booking, and
        // a time far in the future is bounded to a day from now.
        let now = date.timeIntervalSince1970
        let numbers = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).split(separator: " ")
            .map { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 }
            .map { $0.isFinite ? min(max($0, 0), now + 86_400) : 0 }
        var state = State(next: numbers.first ?? 0, pausedUntil: numbers.dropFirst().first ?? 0)
        let result = change(&state)
        let text = Array("\(state.next) \(state.pausedUntil)\n".utf8)
        guard lseek(descriptor, 0, SEEK_SET) == 0, ftruncate(descriptor, 0) == 0 else { return result }
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return result
    }
}

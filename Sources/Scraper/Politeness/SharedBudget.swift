import Files
import Foundation

/// A public service's request budget shared by every cpvanity process on the machine:
/// they share one address, and so one budget (two shards, a cron job and a user). Each
/// request books a free slot in a small file per service and lane, under an exclusive
/// lock (`flock`), so that together the processes keep to the rate; a pause (after a
/// 429) is written there too, and every process keeps it.
///
/// A booking belongs to its process: a run that stops gives back the slots it will not
/// use (`release`), and a slot booked by a process that no longer exists (killed with
/// its bookings left) is void, so no later run waits out a dead run's queue. A slot
/// whose time has come counts as a request sent, whoever booked it: the next starts an
/// interval after it.
public struct SharedBudget: Sendable, Equatable {
    /// The directory of the slot files.
    public let directory: String
    /// Which of a service's budgets (`index`, `playback`, `site`).
    public let lane: String

    public init(directory: String, lane: String) {
        self.directory = directory
        self.lane = lane
    }

    /// The file's lock is waited for on a thread of its own, never on one of Swift's
    /// concurrency threads: another process holding it would stall every task there.
    private static let queue = DispatchQueue(label: "cpvanity.shared-budget")

    /// `book`, off the concurrency threads.
    func booking(host: String, interval: Double, notBefore: Date?) async -> Date? {
        await SharedBudget.offPool { book(host: host, interval: interval, notBefore: notBefore) }
    }

    /// `release`, off the concurrency threads.
    func releasing(host: String, slot: Date) async {
        await SharedBudget.offPool { release(host: host, slot: slot) }
    }

    /// `pause`, off the concurrency threads.
    func pausing(host: String, until: Date) async {
        await SharedBudget.offPool { pause(host: host, until: until) }
    }

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Books the first slot at or after `notBefore` (and now) that is `interval` seconds
    /// from every other slot booked by a live process and after the last one passed, and
    /// after any pause: when this request may start. Nil when the file cannot be used
    /// (then only this process's pace holds).
    func book(host: String, interval: Double, notBefore: Date? = nil, now: Date = Date(), pid: Int32 = getpid()) -> Date? {
        withLockedFile(host: host, now: now) { state in
            var slot = max(now.timeIntervalSince1970, notBefore?.timeIntervalSince1970 ?? 0, state.last + interval, state.pausedUntil)
            // The first gap an interval wide on both sides (a stopped run's slots given back leave one).
            for booked in state.bookings.map(\.slot).sorted() {
                if booked + interval <= slot { continue }
                if slot + interval <= booked { break }
                slot = booked + interval
            }
            state.bookings.append(Booking(pid: pid, slot: slot))
            return Date(timeIntervalSince1970: slot)
        }
    }

    /// Gives back a slot this process booked and will not use (its run stopped).
    func release(host: String, slot: Date, now: Date = Date(), pid: Int32 = getpid()) {
        _ = withLockedFile(host: host, now: now) { state in
            let time = slot.timeIntervalSince1970
            if let index = state.bookings.firstIndex(where: { $0.pid == pid && abs($0.slot - time) < 1e-6 }) {
                state.bookings.remove(at: index)
            }
            return slot
        }
    }

    /// No process starts a request to `host` in this lane before `until`.
    func pause(host: String, until: Date, now: Date = Date()) {
        _ = withLockedFile(host: host, now: now) { state in
            state.pausedUntil = max(state.pausedUntil, until.timeIntervalSince1970)
            return until
        }
    }

    struct Booking: Equatable {
        let pid: Int32
        let slot: Double
    }

    /// The file's content: `last T`, `pause T`, and a `PID T` line per slot to come.
    struct State: Equatable {
        /// The latest slot whose time has come: a request sent (or about to be).
        var last: Double = 0
        var pausedUntil: Double = 0
        var bookings: [Booking] = []

        /// The most slots kept: far more than every process's requests in flight.
        static let mostBookings = 4096

        /// Reads the file's text; anything else (a hostile or torn file, the old
        /// format) is no booking, and a time far in the future is bounded to a day
        /// from now. Slots whose time has come become `last`; slots of processes that
        /// are gone are dropped.
        init(parsing text: String, now: Double, isAlive: (Int32) -> Bool) {
            func time(_ word: Substring) -> Double? {
                guard let value = Double(word), value.isFinite else { return nil }
                return min(max(value, 0), now + 86_400)
            }
            for line in text.split(separator: "\n").prefix(State.mostBookings + 2) {
                let words = line.split(separator: " ")
                guard words.count == 2, let value = time(words[1]) else { continue }
                switch words[0] {
                case "last": last = max(last, min(value, now))
                case "pause": pausedUntil = max(pausedUntil, value)
                default:
                    guard let pid = Int32(words[0]), pid > 0 else { continue }
                    if value <= now { last = max(last, value) } else if isAlive(pid) { bookings.append(Booking(pid: pid, slot: value)) }
                }
            }
        }

        init() {}

        var text: String {
            var lines = ["last \(last)", "pause \(pausedUntil)"]
            for booking in bookings.suffix(State.mostBookings) { lines.append("\(booking.pid) \(booking.slot)") }
            return lines.joined(separator: "\n") + "\n"
        }

        /// A process that exists (kill(pid, 0) succeeds, or it is another user's).
        static func isAlive(_ pid: Int32) -> Bool {
            kill(pid, 0) == 0 || errno == EPERM
        }
    }

    /// A host name (with its port) and the lane as a file name: letters, digits, dots,
    /// dashes; anything else is `_`, so no name leads out of the directory.
    func fileName(host: String) -> String {
        HostFileName.safe(host + "-" + lane) + ".budget"
    }

    /// The most of a file read: a full file of slots is about 100 KiB.
    private static let mostBytes = 256 * 1024

    private func withLockedFile(host: String, now date: Date, _ change: (inout State) -> Date) -> Date? {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return nil }
        let path = (directory as NSString).appendingPathComponent(fileName(host: host))
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { return nil }
        defer { flock(descriptor, LOCK_UN) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count < SharedBudget.mostBytes {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        var state = State(parsing: String(decoding: bytes, as: UTF8.self), now: date.timeIntervalSince1970, isAlive: State.isAlive)
        let result = change(&state)
        let text = Array(state.text.utf8)
        guard lseek(descriptor, 0, SEEK_SET) == 0, ftruncate(descriptor, 0) == 0 else { return result }
        _ = text.withUnsafeBytes { DescriptorWrite.all($0, to: descriptor) }
        return result
    }
}

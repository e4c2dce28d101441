import Foundation

/// A child process run to completion with its resource use (CPU time, peak RSS),
/// which Foundation's Process does not report: posix_spawn + wait4.
struct ChildProcess {
    struct Outcome {
        let status: Int32
        let wallSeconds: Double
        let cpuSeconds: Double
        /// The child's peak resident set (its own memory and the pages of the executable
        /// and libraries it touched): the last `VmHWM` read from /proc while it ran.
        /// Not wait4's `ru_maxrss`: posix_spawn starts the child in the parent's address
        /// space, and Linux folds that space's high-water mark into the child's, so a
        /// child of a big parent reported the parent's peak (62 MiB for a 46 MiB batch).
        let peakRSSKiB: Int
        /// The most anonymous memory (heap, stacks) seen, sampled every 20 ms from
        /// /proc: what the process itself holds, without shared library pages, whose
        /// count depends on what else has the same files cached.
        let peakAnonymousKiB: Int
    }

    static func run(_ executable: String, _ arguments: [String], stdout: String = "/dev/null", stderr: String = "/dev/null") throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        var anonymous = 0
        var highWater = 0
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            let memory = ChildProcess.memoryKiB(of: pid)
            anonymous = max(anonymous, memory.anonymous)
            highWater = max(highWater, memory.highWater)
            usleep(20_000)
        }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(status: status, wallSeconds: Date().timeIntervalSince(started), cpuSeconds: cpu, peakRSSKiB: highWater > 0 ? highWater : usage.ru_maxrss,
                       peakAnonymousKiB: anonymous)
    }

    /// `RssAnon` and `VmHWM` of /proc/<pid>/status, 0 when unreadable.
    static func memoryKiB(of pid: pid_t) -> (anonymous: Int, highWater: Int) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
        func value(_ key: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
            return Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "") ?? 0
        }
        return (value("RssAnon:"), value("VmHWM:"))
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation

/// A child process run to completion with its resource use (CPU time, peak RSS),
/// which Foundation's Process does not report: posix_spawn + wait4.
struct ChildProcess {
    struct Outcome {
        let status: Int32
        let wallSeconds: Double
        let cpuSeconds: Double
        /// The kernel's peak resident set: the process's own memory and the pages of the
        /// executable and libraries it touched.
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
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            anonymous = max(anonymous, ChildProcess.anonymousKiB(of: pid))
            usleep(20_000)
        }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(status: status, wallSeconds: Date().timeIntervalSince(started), cpuSeconds: cpu, peakRSSKiB: usage.ru_maxrss,
                       peakAnonymousKiB: anonymous)
    }

    /// `RssAnon` of /proc/<pid>/status, 0 when unreadable.
    static func anonymousKiB(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import Synchronization

/// A request with no answer yet, said while it waits: a person at a terminal is never
/// left in silence by a server that accepts a connection and never answers (a minute
/// a try, four tries). After `after` (a second and a half), and each second from then, `say` gets
/// "waiting for HOST: no answer for N s, try 1 of 4"; when the answer (or the failure)
/// comes, `say(nil)` takes the line away, if it was said.
public struct SilenceNotice: Sendable {
    let after: Duration
    let say: @Sendable (String?) -> Void

    public init(after: Duration = .milliseconds(1500), say: @escaping @Sendable (String?) -> Void) {
        self.after = after
        self.say = say
    }

    /// One request's wait, said until `end()`.
    final class Watch: Sendable {
        private let spoke = Atomic<Bool>(false)
        private let task = Mutex<Task<Void, Never>?>(nil)
        private let say: @Sendable (String?) -> Void

        init(notice: SilenceNotice, host: String, attempt: Int, of tries: Int) {
            say = notice.say
            task.withLock {
                $0 = Task { [weak self] in
                    let clock = ContinuousClock()
                    let started = clock.now
                    guard (try? await clock.sleep(for: notice.after)) != nil else { return }
                    while !Task.isCancelled, let self {
                        let waited = Int((clock.now - started).components.seconds)
                        self.spoke.store(true, ordering: .relaxed)
                        notice.say("waiting for \(host): no answer for \(waited) s, try \(attempt) of \(tries)")
                        guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                    }
                }
            }
        }

        func end() {
            task.withLock { $0?.cancel() }
            if spoke.load(ordering: .relaxed) { say(nil) }
        }
    }

    func watch(_ host: String, attempt: Int, of tries: Int) -> Watch {
        Watch(notice: self, host: host, attempt: attempt, of: tries)
    }
}

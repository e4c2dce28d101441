import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (and SIGTERM) during a batch: the first asks for a clean stop (members in
/// flight finish and are saved), the second ends the process at once.
final class InterruptSignal: @unchecked Sendable {
    // `sources` is written once, under the lock, and only kept alive after that.
    private let stopRequested = Atomic<Bool>(false)
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []

    var isSet: Bool { stopRequested.load(ordering: .acquiring) }

    func install(onFirst: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                if stopRequested.exchange(true, ordering: .acquiringAndReleasing) {
                    exit(130)
                }
                onFirst()
            }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }
}

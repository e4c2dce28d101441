import Files
import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (and SIGTERM) during a batch: the first asks for a clean stop (members in
/// flight finish and are saved), the second ends the process at once.
public final class InterruptSignal: @unchecked Sendable {
    // `sources` is written once, under the lock, and only kept alive after that.
    private let stopRequested = Atomic<Bool>(false)
    /// The first signal's number, for the exit status (128 + n: 130 for Ctrl-C, 143 for SIGTERM).
    private let received = Atomic<Int32>(SIGINT)
    private let isStarted = Atomic<Bool>(true)
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []

    public var isSet: Bool { stopRequested.load(ordering: .acquiring) }

    /// What a stopped run exits with: 128 + the signal, as shells report it.
    public var exitStatus: Int32 { 128 + received.load(ordering: .acquiring) }

    public init() {}

    /// How to end the run at once, in the words of the signal that asked for the stop.
    public var againToQuit: String {
        received.load(ordering: .acquiring) == SIGTERM ? "a second SIGTERM ends it now" : "Ctrl-C again to quit now"
    }

    /// `onFirst` runs on the first signal. With `early`, a signal before `started()` says
    /// it and ends the run at once: nothing is under way yet to finish cleanly.
    public func install(untilStarted early: String? = nil, onFirst: @escaping @Sendable () -> Void) {
        if early != nil { isStarted.store(false, ordering: .releasing) }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                if stopRequested.exchange(true, ordering: .acquiringAndReleasing) { quit(status: 128 + signalNumber) }
                received.store(signalNumber, ordering: .releasing)
                if let early, !isStarted.load(ordering: .acquiring) {
                    Console.clearProgress()
                    Diagnostics.info(early)
                    quit(status: exitStatus)
                }
                onFirst()
            }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    /// From now on a first signal asks for a clean stop (see `install`).
    public func started() { isStarted.store(true, ordering: .releasing) }

    /// Ends the process at once, leaving no temporary file where an export was being written.
    private func quit(status: Int32) -> Never {
        AtomicReplacement.exitRemovingUnfinished(status: status)
    }

    /// The signals' default actions back, once the run is over: a run inside a longer
    /// process (the tests, a program using App) leaves no signal ignored, and a child
    /// it starts afterwards does not inherit SIGTERM ignored (ignored signals survive exec).
    public func uninstall() {
        let installed = lock.withLock { () -> [DispatchSourceSignal] in
            defer { sources.removeAll() }
            return sources
        }
        for source in installed { source.cancel() }
        if !installed.isEmpty { for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber, SIG_DFL) } }
    }
}

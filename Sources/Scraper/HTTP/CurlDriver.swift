import CCurl
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns the multi handle and the thread that drives it, on libcurl's event API:
/// libcurl names the sockets it waits on and when its next timeout falls, the thread
/// polls those alone and hands libcurl the ones that are ready. (`curl_multi_perform`
/// visits every transfer on every wake-up and polls each one's socket again: with 32
/// in flight, ten polls a request and most of the thread's time.)
final class CurlDriver: @unchecked Sendable {
    // `multi`, `active`, `watched` and `deadline` belong to the driver thread; other
    // threads only touch `incoming`, `cancelledIDs`, `stopping` and `wakePending` (each
    // behind its own synchronisation) and wake the thread through `wakePipe`.
    private let multi: UnsafeMutableRawPointer?
    private let incoming = Mutex<[Transfer]>([])
    private let cancelledIDs = Mutex<Set<Int>>([])
    private let transferCount = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    /// Set by the first `wake()` since the thread last looked, so that a burst of
    /// submissions writes one byte, not one each.
    private let wakePending = Atomic<Bool>(false)
    private let wakePipe: (read: Int32, write: Int32)?
    private var active = [Int: Transfer]()
    /// Cancels the thread has taken in, by transfer id, with when they came: one whose
    /// transfer is not running yet waits here for it (a cancel can overtake its
    /// submission); forgotten after a minute (its transfer had finished).
    private var cancelRequests = [Int: UInt64]()
    /// Easy handles of finished transfers, for the next ones (at most `idleLimit`).
    private var idle = [UnsafeMutableRawPointer]()
    private let idleLimit = 64
    /// The sockets libcurl waits on, and for what (poll's events).
    private var watched = [Int32: Int16]()
    private var watchedChanged = true
    /// When libcurl wants to be told time has passed (uptime nanoseconds); nil: never.
    private var deadline: UInt64?

    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    init(options: HTTPClientOptions) {
        _ = CurlDriver.globalInit
        multi = curl_multi_init()
        wakePipe = CurlDriver.makePipe()
        if let multi {
            _ = cpv_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, options.connectionCacheSize)
            _ = cpv_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            // Unretained: the thread holds the driver until the multi handle is cleaned up.
            let context = Unmanaged.passUnretained(self).toOpaque()
            _ = cpv_multi_setopt_socket_function(multi) { _, socket, what, context, _ in
                guard let context else { return 0 }
                Unmanaged<CurlDriver>.fromOpaque(context).takeUnretainedValue().watch(socket, for: what)
                return 0
            }
            _ = cpv_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
            _ = cpv_multi_setopt_timer_function(multi) { _, milliseconds, context in
                guard let context else { return 0 }
                Unmanaged<CurlDriver>.fromOpaque(context).takeUnretainedValue().setTimer(milliseconds)
                return 0
            }
            _ = cpv_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
        }
        let thread = Thread { [self] in run() }
        thread.name = "cpvanity-curl"
        thread.start()
    }

    deinit {
        if let wakePipe {
            close(wakePipe.read)
            close(wakePipe.write)
        }
    }

    func submit(_ transfer: Transfer) {
        guard multi != nil, wakePipe != nil, !stopping.load(ordering: .acquiring) else {
            return transfer.fail(.network("the HTTP client is shut down"))
        }
        incoming.withLock { $0.append(transfer) }
        wake()
    }

    func nextTransferID() -> Int {
        transferCount.add(1, ordering: .relaxed).newValue
    }

    /// Cancels a transfer wherever it stands: running, queued, or not yet submitted (a
    /// task cancelled before its request reached the thread): the thread keeps the id
    /// until the transfer comes (`cancelRequests`), which then never starts.
    func cancel(id: Int) {
        cancelledIDs.withLock { _ = $0.insert(id) }
        wake()
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        wake()
    }

    private func wake() {
        guard let wakePipe, !wakePending.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        // A full pipe is already readable: nothing lost when the write fails.
        _ = write(wakePipe.write, &byte, 1)
    }

    /// A non-blocking pipe whose read end the thread polls beside libcurl's sockets.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    // MARK: - The driver thread

    private func watch(_ socket: curl_socket_t, for what: Int32) {
        switch what {
        case CURL_POLL_IN: watched[socket] = Int16(POLLIN)
        case CURL_POLL_OUT: watched[socket] = Int16(POLLOUT)
        case CURL_POLL_INOUT: watched[socket] = Int16(POLLIN | POLLOUT)
        default: watched[socket] = nil
        }
        watchedChanged = true
    }

    private func setTimer(_ milliseconds: Int) {
        guard milliseconds >= 0 else { deadline = nil; return }
        // Bounded to a day: libcurl's own timeouts are no longer than that here.
        deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(milliseconds, 86_400_000)) * 1_000_000
    }

    private func run() {
        guard let multi, let wakePipe else { return }
        var running: Int32 = 0
        var polled = [pollfd]()
        while true {
            // Cleared before the queues are read: a submission after this point wakes the poll again.
            wakePending.store(false, ordering: .sequentiallyConsistent)
            takeCancels()
            for transfer in taken(incoming) {
                // Cancelled before it came: it never starts.
                if cancelRequests.removeValue(forKey: transfer.id) != nil {
                    transfer.fail(.cancelled)
                    continue
                }
                guard let easy = transfer.makeHandle(reusing: idle.popLast()), curl_multi_add_handle(multi, easy) == CURLM_OK else {
                    transfer.finish(CURLE_FAILED_INIT)
                    continue
                }
                active[Int(bitPattern: easy)] = transfer
            }
            if !cancelRequests.isEmpty {
                for (key, transfer) in active where cancelRequests.removeValue(forKey: transfer.id) != nil { abandon(key, multi: multi) }
            }
            if stopping.load(ordering: .acquiring) {
                for key in active.keys { abandon(key, multi: multi) }
                for transfer in taken(incoming) {
                    transfer.fail(.cancelled)
                }
                break
            }
            if watchedChanged {
                polled = [pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
                    + watched.map { pollfd(fd: $0.key, events: $0.value, revents: 0) }
                watchedChanged = false
            }
            if poll(&polled, nfds_t(polled.count), pollTimeout()) > 0 {
                for entry in polled where entry.revents != 0 {
                    if entry.fd == wakePipe.read { drain(wakePipe.read); continue }
                    _ = curl_multi_socket_action(multi, entry.fd, CurlDriver.readiness(entry.revents), &running)
                }
            }
            if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline {
                self.deadline = nil
                _ = curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running)
            }
            finishDone(multi: multi)
        }
        curl_multi_cleanup(multi)
        for handle in idle { curl_easy_cleanup(handle) }
        idle.removeAll()
    }

    /// The cancels other threads asked for since the last pass, kept until their
    /// transfers come; those older than a minute dropped.
    private func takeCancels() {
        let now = DispatchTime.now().uptimeNanoseconds
        for id in taken(cancelledIDs) { cancelRequests[id] = now }
        if !cancelRequests.isEmpty { cancelRequests = cancelRequests.filter { now &- $0.value < 60_000_000_000 } }
    }

    /// What another thread left in `queue`, taken out of it.
    private func taken<Queue: ExpressibleByArrayLiteral>(_ queue: borrowing Mutex<Queue>) -> Queue {
        queue.withLock { items in
            defer { items = [] }
            return items
        }
    }

    /// Milliseconds until libcurl's timeout (rounded up), at most a second.
    private func pollTimeout() -> Int32 {
        guard let deadline else { return 1000 }
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline > now else { return 0 }
        return Int32(min(1000, (deadline - now + 999_999) / 1_000_000))
    }

    /// poll's answer for a socket in libcurl's words.
    private static func readiness(_ events: Int16) -> Int32 {
        var mask: Int32 = 0
        if events & Int16(POLLIN | POLLHUP) != 0 { mask |= CURL_CSELECT_IN }
        if events & Int16(POLLOUT) != 0 { mask |= CURL_CSELECT_OUT }
        if events & Int16(POLLERR | POLLNVAL) != 0 { mask |= CURL_CSELECT_ERR }
        return mask
    }

    /// Empties the wake-up pipe: a read that comes back short has taken all there was
    /// (`wake` writes a byte at a time), so no second read is made to hear "empty".
    private func drain(_ descriptor: Int32) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            while read(descriptor, buffer.baseAddress, buffer.count) == buffer.count {}
        }
    }

    /// Hands every finished transfer its outcome.
    private func finishDone(multi: UnsafeMutableRawPointer) {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let code = cpv_message_result(message)
            _ = curl_multi_remove_handle(multi, easy)
            if let transfer = active.removeValue(forKey: Int(bitPattern: easy)) {
                transfer.finish(code)
                if idle.count < idleLimit, let handle = transfer.giveBackHandle() { idle.append(handle) }
            }
        }
    }

    /// Stops a transfer where it stands: a socket waiting on a slow server would not
    /// otherwise reach a callback that could stop it before its timeout.
    private func abandon(_ key: Int, multi: UnsafeMutableRawPointer) {
        guard let transfer = active.removeValue(forKey: key), let easy = transfer.easy else { return }
        _ = curl_multi_remove_handle(multi, easy)
        transfer.fail(.cancelled)
    }
}

import FlyingSocks
import Foundation

/// FlyingFox writes a response's head and body in two writes. With Nagle's algorithm
/// on, the body waits for the client to acknowledge the head, and clients delay that
/// acknowledgement by up to 40 ms: every response on a reused connection took 40 ms
/// longer than the replica's --latency. Real servers do not do that, so the replica
/// must not. FlyingFox does not hand its sockets out, but every socket waits through
/// its pool: this pool sets TCP_NODELAY on each socket that waits (the listening one,
/// whose setting Linux passes on to the connections it accepts, and those), then waits
/// as the default pool does.
struct NoDelayPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var on: Int32 = 1
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}

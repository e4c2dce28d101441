import Foundation

/// A host that is down in the way that costs a client the most: it listens on loopback
/// and never accepts, so a connection waits in the kernel's queue (or, once the queue is
/// full, is never set up) and no answer ever comes. `close` it and the port refuses.
public final class SilentHost: @unchecked Sendable {
    public let baseURL: String
    private let socket: Int32

    public init() throws {
        let (listener, port) = try LoopbackListener.open(host: "127.0.0.1", backlog: 1)
        socket = listener
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit { close(socket) }
}

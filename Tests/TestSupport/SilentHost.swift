import Foundation

/// A host that is down in the way that costs a client the most: it listens on loopback
/// and never accepts, so a connection waits in the kernel's queue (or, once the queue is
/// full, is never set up) and no answer ever comes. `close` it and the port refuses.
public final class SilentHost: @unchecked Sendable {
    public let baseURL: String
    private let socket: Int32

    public init() throws {
        let listener = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw FixtureServerError.didNotStart("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw FixtureServerError.didNotStart("bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        socket = listener
        baseURL = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    }

    deinit { close(socket) }
}

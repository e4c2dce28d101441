import Foundation

/// FlyingFox writes a response's head and body in two writes. With Nagle's algorithm
/// on, the body waits for the client to acknowledge the head, and clients delay that
/// acknowledgement by up to 40 ms: every response on a reused connection took 40 ms
/// longer than the replica's --latency. Real servers do not do that, so the replica
/// must not: TCP_NODELAY on the listening socket, which Linux passes on to every
/// connection it accepts. FlyingFox does not hand its socket out, so it is found by
/// its port among the process's descriptors.
enum ListeningSocket {
    static func disableNagle(port: UInt16) {
        for descriptor in 0..<Int32(4096) {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port else { continue }
            var listening: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening != 0 else { continue }
            var on: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            return
        }
    }
}

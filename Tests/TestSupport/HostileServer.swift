import Foundation

/// A tiny HTTP server on loopback that answers every request with the bytes it is
/// given, whatever HTTP says: a Content-Length shorter than the body, headers no
/// well-behaved server sends. For the cases the replica cannot play.
public final class HostileServer: @unchecked Sendable {
    public let baseURL: String
    private let socket: Int32
    private let respond: @Sendable (String) -> [UInt8]
    private let thread: Thread

    /// `respond` gets the request's first line and returns the raw response.
    public init(address host: String = "127.0.0.1", respond: @escaping @Sendable (String) -> [UInt8]) throws {
        let (listener, port) = try LoopbackListener.open(host: host, backlog: 16)
        baseURL = "http://\(host):\(port)"
        socket = listener
        self.respond = respond
        thread = Thread { [listener, respond] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                var request = [UInt8]()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !request.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                    let count = read(connection, &buffer, buffer.count)
                    if count <= 0 { break }
                    request += buffer[0..<count]
                }
                let firstLine = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first.map(String.init) ?? ""
                let response = respond(firstLine)
                _ = response.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                close(connection)
            }
        }
        thread.start()
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

/// A TCP socket listening on a loopback address, on a port the system picks.
enum LoopbackListener {
    static func open(host: String, backlog: Int32) throws -> (socket: Int32, port: UInt16) {
        let listener = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw FixtureServerError.didNotStart("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, backlog) == 0 else {
            close(listener)
            throw FixtureServerError.didNotStart("bind \(host)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }
}

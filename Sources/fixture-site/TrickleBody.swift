import FlyingFox
import FlyingSocks
import Foundation

/// A body that arrives a little at a time, for "slow server" tests; with `resetAfter`,
/// one that stops after so many chunks and drops the connection (a server reset mid-answer).
struct TrickleBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let chunks: Int
    let pause: Duration
    var resetAfter: Int?

    /// Thrown to the server, which closes the connection with the body half sent.
    struct Reset: Error {}

    func makeAsyncIterator() -> Iterator {
        Iterator(bytes: bytes, chunkSize: Swift.max(1, (bytes.count + chunks - 1) / Swift.max(1, chunks)), pause: pause, resetAfter: resetAfter)
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let bytes: [UInt8]
        let chunkSize: Int
        let pause: Duration
        let resetAfter: Int?
        var offset = 0
        var sent = 0

        mutating func next() async throws -> UInt8? {
            guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            guard offset < bytes.count else { return nil }
            if let resetAfter, sent >= resetAfter { throw Reset() }
            sent += 1
            if offset > 0 { try await Task.sleep(for: pause) }
            let end = Swift.min(bytes.count, offset + Swift.min(chunkSize, Swift.max(1, count)))
            defer { offset = end }
            return bytes[offset..<end]
        }
    }
}

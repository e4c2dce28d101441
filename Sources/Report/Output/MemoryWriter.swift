import Foundation
import Lookup
import Packs

/// Bytes kept in memory: a format's output as a value (tests, a report embedded in
/// another).
public final class MemoryWriter: ByteWriter, @unchecked Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
    }

    public func flush() throws {}
}

extension RecordFormat {
    /// `records` written whole, as bytes.
    public func bytes(_ records: [MemberRecord], pack: SitePack, options: ReportOptions) throws -> [UInt8] {
        let writer = MemoryWriter()
        let sink = self.records(pack: pack, options: options, to: writer)
        for record in records { try sink.write(record) }
        try sink.finish()
        return writer.bytes
    }

    /// `records` written whole, as text (for the text formats).
    public func text(_ records: [MemberRecord], pack: SitePack, options: ReportOptions) throws -> String {
        String(decoding: try bytes(records, pack: pack, options: options), as: UTF8.self)
    }

    /// A history written whole, as text.
    public func text(_ view: HistoryView) throws -> String {
        let writer = MemoryWriter()
        try history(view, to: writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

import Lookup
import Packs

/// A report in pieces, so it can stream: `header`, then each member's `chunk`
/// (with `separator` between), then `footer`. Nothing here holds a batch.
public protocol RecordFormatter: Sendable {
    var header: String { get }
    func chunk(_ record: MemberRecord) -> String
    /// `chunk`'s UTF-8 (a format that makes bytes gives them as they are).
    func chunkBytes(_ record: MemberRecord) -> [UInt8]
    var separator: String { get }
    var footer: String { get }
    /// What a report with no members at all reads.
    var empty: String { get }
    /// Its text carries `TerminalStyle`'s styling (a table in colour).
    var isStyled: Bool { get }
}

public extension RecordFormatter {
    func chunkBytes(_ record: MemberRecord) -> [UInt8] { Array(chunk(record).utf8) }
    var separator: String { "" }
    var footer: String { "" }
    var empty: String { header + footer }
    var isStyled: Bool { false }

    /// A whole report for a few records.
    func render(_ records: [MemberRecord]) -> String {
        records.isEmpty ? empty : header + records.map(chunk).joined(separator: separator) + footer
    }
}

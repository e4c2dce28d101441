import Lookup
import Packs

/// A report in pieces, so it can stream: `header`, then each member's `chunk`
/// (with `separator` between), then `footer`. Nothing here holds a batch.
public protocol RecordFormatter: Sendable {
    var header: String { get }
    func chunk(_ record: MemberRecord) -> String
    var separator: String { get }
    var footer: String { get }
    /// What a report with no members at all reads.
    var empty: String { get }
}

public extension RecordFormatter {
    var separator: String { "" }
    var footer: String { "" }
    var empty: String { header + footer }

    /// A whole report for a few records.
    func render(_ records: [MemberRecord]) -> String {
        records.isEmpty ? empty : header + records.map(chunk).joined(separator: separator) + footer
    }
}

public enum Formatters {
    public static func make(_ format: OutputFormat, pack: SitePack, options: ReportOptions) -> any RecordFormatter {
        switch format {
        case .json: return JSONArrayFormatter(pack: pack, fields: options.jsonFields)
        case .ndjson: return NDJSONFormatter(pack: pack, fields: options.jsonFields)
        case .csv: return options.rows ? CSVRowFormatter(pack: pack, options: options) : CSVMemberFormatter(pack: pack, options: options)
        case .markdown: return options.rows ? MarkdownRowFormatter(pack: pack, options: options) : MarkdownMemberFormatter(pack: pack, options: options)
        case .table: return TableFormatter(pack: pack, options: options)
        }
    }
}

struct JSONArrayFormatter: RecordFormatter {
    let pack: SitePack
    var fields: [String]?
    var header: String { "[" }
    var separator: String { "," }
    var footer: String { "\n]\n" }
    var empty: String { "[]\n" }

    func chunk(_ record: MemberRecord) -> String {
        let text = RecordJSON.value(record, pack: pack, fields: fields).serialized(pretty: true)
        return "\n" + text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}

struct NDJSONFormatter: RecordFormatter {
    let pack: SitePack
    var fields: [String]?
    var header: String { "" }

    func chunk(_ record: MemberRecord) -> String {
        RecordJSON.value(record, pack: pack, fields: fields).serialized(pretty: false) + "\n"
    }
}

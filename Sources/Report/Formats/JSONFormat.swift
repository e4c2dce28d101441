import Lookup
import Packs

/// For programs: one document, an array of records however many members (one shape
/// a script can index the same way), indented unless `ReportOptions.compact`.
struct JSONFormat: RecordFormat {
    let name = "json"
    let summary = "one JSON document, an array of records"
    let fileExtensions = ["json"]
    var takes: Set<FormatOption> { [.keys, .compact] }

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        TextRecordSink(JSONArrayFormatter(pack: pack, fields: options.jsonFields, compact: options.compact), writer: writer)
    }

    func list(_ view: ListView, to writer: any ByteWriter) throws {
        let items = view.rows.map { row in JSONValue.object(zip(view.columns, row).map { ($0.key, $1.json) }) }
        try writer.write(JSONValue.array(items).serialized(pretty: !view.options.compact) + "\n")
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        try writer.write(JSONValue.array(view.series.map { HistoryReport.json($0, fields: view.fields, rows: view.rows) })
            .serialized(pretty: !view.options.compact) + "\n")
    }
}

struct JSONArrayFormatter: RecordFormatter {
    let pack: SitePack
    var fields: [String]?
    var compact = false
    var header: String { "[" }
    var separator: String { "," }
    var footer: String { compact ? "]\n" : "\n]\n" }
    var empty: String { "[]\n" }

    func chunk(_ record: MemberRecord) -> String {
        let value = RecordJSON.value(record, pack: pack, fields: fields)
        if compact { return value.serialized(pretty: false) }
        return "\n" + value.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}

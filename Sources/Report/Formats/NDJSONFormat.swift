import Lookup
import Packs

/// For pipes and dashboards: one compact JSON record a line, each as its member finishes.
struct NDJSONFormat: RecordFormat {
    let name = "ndjson"
    let summary = "a JSON record a line, as each finishes"
    let fileExtensions = ["ndjson", "jsonl"]
    var takes: Set<FormatOption> { [.keys] }
    var streams: Bool { true }

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        TextRecordSink(NDJSONFormatter(pack: pack, fields: options.jsonFields), writer: writer)
    }

    /// An object a line; nothing at all for an empty list.
    func list(_ view: ListView, to writer: any ByteWriter) throws {
        for row in view.rows {
            try writer.write(JSONValue.object(zip(view.columns, row).map { ($0.key, $1.json) }).serialized(pretty: false) + "\n")
        }
    }

    /// A line per point: the member (and row), the point's times, its values.
    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        for one in view.series {
            for point in one.points {
                var members: [(String, JSONValue)] = [("id", .string(one.id))]
                if view.rows { members += [("key", JSONValue.string(one.key ?? "")), ("title", one.title.map(JSONValue.string) ?? JSONValue.null)] }
                members += HistoryReport.pointMembers(point, fields: view.fields)
                try writer.write(JSONValue.object(members).serialized(pretty: false) + "\n")
            }
        }
    }
}

struct NDJSONFormatter: RecordFormatter {
    let pack: SitePack
    var fields: [String]?
    var header: String { "" }

    func chunk(_ record: MemberRecord) -> String {
        String(decoding: chunkBytes(record), as: UTF8.self)
    }

    func chunkBytes(_ record: MemberRecord) -> [UInt8] {
        RecordJSON.value(record, pack: pack, fields: fields, compact: true).serializedBytes(pretty: false, terminator: "\n")
    }
}

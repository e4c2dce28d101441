import Lookup
import Packs

/// One output format: what it is called, and how it writes members and their
/// history. A format is one file with one type conforming to this, and one line in
/// `RecordFormats.all`.
public protocol RecordFormat: Sendable {
    /// As `--format` names it.
    var name: String { get }
    /// What a user reads beside the name in help texts.
    var summary: String { get }
    /// The file extensions it is known by, the usual one first.
    var fileExtensions: [String] { get }
    /// Bytes for a file, not a terminal (a workbook).
    var isBinary: Bool { get }
    /// Each record appears as its member finishes, rather than all at the end.
    var streams: Bool { get }
    /// Read by people (labels, separators, a record's errors shown with it), not programs.
    var isForPeople: Bool { get }

    /// The writer of `pack`'s member records.
    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink
    /// Members' values over time (`history`).
    func history(_ view: HistoryView, to writer: any ByteWriter) throws
    /// A plain list (what changed in a refresh): machines get every column by key,
    /// people the columns marked for them, by label.
    func list(_ view: ListView, to writer: any ByteWriter) throws
}

extension RecordFormat {
    public var isBinary: Bool { false }
    public var streams: Bool { false }
    public var isForPeople: Bool { false }
}

/// The formats there are, by name and by file extension.
public enum RecordFormats {
    /// Every format, in the order help texts list them.
    public static let all: [any RecordFormat] = [
        TableFormat(),
        JSONFormat(),
        NDJSONFormat(),
        CSVFormat(),
        MarkdownFormat(),
        WorkbookFormat(),
    ]

    public static func named(_ name: String) -> (any RecordFormat)? {
        all.first { $0.name == name.lowercased() }
    }

    /// The format a file's extension names (`members.xlsx`); nil for an extension none has.
    public static func forFile(_ path: String) -> (any RecordFormat)? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let suffix = path[path.index(after: dot)...].lowercased()
        return all.first { $0.fileExtensions.contains(suffix) }
    }

    /// `table, json, ndjson, csv, markdown or xlsx`.
    public static var names: String {
        let names = all.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}

/// What `history` shows, for a format to write: each member's series (or each row's),
/// the fields asked for, and the pack that labels them.
public struct HistoryView: Sendable {
    public let series: [HistorySeries]
    public let fields: [String]
    /// Series of rows (a CodeProject article's numbers) rather than of the member's fields.
    public let rows: Bool
    public let pack: SitePack
    public let options: ReportOptions

    public init(series: [HistorySeries], fields: [String], rows: Bool, pack: SitePack, options: ReportOptions) {
        self.series = series
        self.fields = fields
        self.rows = rows
        self.pack = pack
        self.options = options
    }
}

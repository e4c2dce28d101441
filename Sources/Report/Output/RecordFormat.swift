import Lookup
import Packs
import Synchronization

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
    /// The options it honours beyond the common ones (CSV's byte-order mark, JSON's
    /// keys): an option given with a format that does not take it is a usage error.
    var takes: Set<FormatOption> { get }

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
    public var takes: Set<FormatOption> { [] }
}

/// An option some formats take and others do not.
public enum FormatOption: String, Sendable, CaseIterable {
    /// A UTF-8 byte-order mark first (`--bom`).
    case byteOrderMark
    /// Cells starting with = + - @ left as they are (`--raw-csv`).
    case rawCells
    /// Only some columns, in an order (`--columns`).
    case columns
    /// Only some keys of each record (`--json`).
    case keys
    /// A document on one line (`--compact`).
    case compact
}

/// The formats there are, by name and by file extension.
/// Every list the tool prints (records, rows, history, changes, feeds, tracked
/// members) is written by a format from here.
public enum RecordFormats {
    /// Every format, in the order help texts list them: a new format is one file and
    /// one line here.
    private static let registry = Mutex<[any RecordFormat]>([
        TableFormat(),
        JSONFormat(),
        NDJSONFormat(),
        CSVFormat(),
        MarkdownFormat(),
        WorkbookFormat(),
    ])

    public static var all: [any RecordFormat] { registry.withLock { $0 } }

    /// Adds a format after the bundled ones (a test's, a build's own); a name already
    /// taken is ignored.
    public static func register(_ format: any RecordFormat) {
        registry.withLock { formats in
            if !formats.contains(where: { $0.name == format.name }) { formats.append(format) }
        }
    }

    public static func named(_ name: String) -> (any RecordFormat)? {
        all.first { $0.name == name.lowercased() }
    }

    /// The formats that take `option`, by name.
    public static func taking(_ option: FormatOption) -> [String] {
        all.filter { $0.takes.contains(option) }.map(\.name)
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

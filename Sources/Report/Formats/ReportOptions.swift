/// Choices that shape a report, whatever its format.
public struct ReportOptions: Sendable {
    /// The row field the report's collection is sorted by (numbers and dates biggest
    /// first, text A to Z); nil: the pack's `[report] sort`, else page order.
    public var sort: String?
    public var limit: Int?
    /// One line per row of the report's collection (CSV), or its table alone (Markdown, table).
    public var rows: Bool
    /// Leave cells that start with = + - @ as they are (CSV).
    public var rawCSV: Bool
    /// Columns available to a table.
    public var width: Int
    /// ANSI colour in tables.
    public var color: Bool
    /// Trends in plain ASCII, for terminals that cannot show block characters (`TERM=dumb`).
    public var plainSparklines = false
    /// CSV: only these columns, in this order (names from `CSVColumns.available`); nil: all.
    public var columns: [String]?
    /// JSON and NDJSON: only these keys of each record (dotted, nested as in the record); nil: all.
    public var jsonFields: [String]?
    /// CSV: begin with a UTF-8 byte-order mark, which Excel on Windows needs to read UTF-8.
    public var byteOrderMark = false
    /// JSON: the whole document on one line.
    public var compact = false
    /// CSV: write the header row (the shards after the first leave it out, so that
    /// concatenated shards are one file).
    public var csvHeader = true

    public init(sort: String? = nil, limit: Int? = nil, rows: Bool = false, rawCSV: Bool = false,
                width: Int = 100, color: Bool = false, columns: [String]? = nil) {
        self.sort = sort
        self.limit = limit
        self.rows = rows
        self.rawCSV = rawCSV
        self.width = width
        self.color = color
        self.columns = columns
    }
}

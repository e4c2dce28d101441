/// What a pack tells the reports (`[report]`): which field names the member, which
/// values make a summary, which collection is listed row by row and how, and what
/// the HTML report draws. Reports stay site-agnostic by reading this; every name in
/// it is a field, a statistic (`stats.<name>`) or a row field the pack declares.
public struct ReportSpec: Sendable {
    /// The field that names a member (shown before the ID); nil when the pack has none.
    public var nameField: String?
    /// Values for one-line summaries (Markdown, the report's card, `history`): fields
    /// and statistics (`stats.total_views`), in order.
    public var summary: [String]
    /// The collection shown row by row (`--rows`, `--sort`); nil when there is none.
    public var collection: String?
    /// Row fields shown in tables, in order.
    public var columns: [String]
    /// The columns a narrow table gives up first, in order (`narrow_drop`); after them,
    /// the last columns go. The title column is never dropped.
    public var narrowDrop: [String] = []
    /// The row field that names a row (links, change lines, chart labels).
    public var titleField: String?
    /// The row field holding a row's link.
    public var linkField: String?
    /// The row field rows are sorted by unless `--sort` says otherwise; nil: page order.
    public var sortField: String?
    /// The field holding the member's photo (linked, never loaded, by the HTML report).
    public var photoField: String?
    /// The number members are compared by and drawn over time (a field or a statistic).
    public var headline: String?
    /// The columns of the report's side-by-side table (fields or statistics).
    public var compare: [String]
    /// Row fields drawn as bars, one bar per row.
    public var rowCharts: [String]
    /// A row date field: rows counted per year.
    public var perYear: String?
    /// Groups of fields shown as a table (`reputation.<row>.<column>`).
    public var breakdowns: [Breakdown]

    /// `[report.breakdowns.<group>]`: the fields `<group>.<row>.<column>` as a table of
    /// rows and columns, with the labels to show.
    public struct Breakdown: Sendable {
        public let group: String
        public let label: String
        /// In the pack's field order; each with its label.
        public let rows: [(key: String, label: String)]
        public let columns: [(key: String, label: String)]
        /// The column drawn over time beside the headline (each row a line); nil: none.
        public let overTime: String?

        public init(group: String, label: String, rows: [(key: String, label: String)], columns: [(key: String, label: String)], overTime: String?) {
            self.group = group
            self.label = label
            self.rows = rows
            self.columns = columns
            self.overTime = overTime
        }

        /// The field at a row and column.
        public func field(row: String, column: String) -> String { "\(group).\(row).\(column)" }

        /// Every field the breakdown shows.
        public var fields: [String] { rows.flatMap { row in columns.map { field(row: row.key, column: $0.key) } } }
    }

    public init(nameField: String? = nil, summary: [String] = [], collection: String? = nil, columns: [String] = [],
                titleField: String? = nil, linkField: String? = nil, sortField: String? = nil, photoField: String? = nil,
                headline: String? = nil, compare: [String] = [], rowCharts: [String] = [], perYear: String? = nil,
                breakdowns: [Breakdown] = []) {
        self.nameField = nameField
        self.summary = summary
        self.collection = collection
        self.columns = columns
        self.titleField = titleField
        self.linkField = linkField
        self.sortField = sortField
        self.photoField = photoField
        self.headline = headline
        self.compare = compare
        self.rowCharts = rowCharts
        self.perYear = perYear
        self.breakdowns = breakdowns
    }
}

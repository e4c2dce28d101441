/// The shapes a report can take, as `--format` names them.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// For people at a terminal: aligned, with thousands separators.
    case table
    /// For programs: one document (an array for several members).
    case json
    /// For pipes and dashboards: one compact JSON record per line, as each finishes.
    case ndjson
    /// For spreadsheets: RFC 4180, one row per member (or per article).
    case csv
    /// For pasting into a README or an issue: GitHub-flavoured tables.
    case markdown
}

/// How the articles list is ordered in tables, Markdown and per-article CSV.
public enum ArticleSort: String, Sendable, CaseIterable {
    case views, rating, votes, popularity, posted, title

    var role: ReportRole {
        switch self {
        case .views: return .views
        case .rating: return .rating
        case .votes: return .votes
        case .popularity: return .popularity
        case .posted: return .posted
        case .title: return .title
        }
    }
}

import Packs
typealias ReportRole = ReportSpec.Role

/// Choices that shape a report, whatever its format.
public struct ReportOptions: Sendable {
    public var sort: ArticleSort
    public var limit: Int?
    /// One row per article (CSV) or the articles table alone (Markdown, table).
    public var articles: Bool
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
    /// CSV: write the header row (the shards after the first leave it out, so that
    /// concatenated shards are one file).
    public var csvHeader = true

    public init(sort: ArticleSort = .views, limit: Int? = nil, articles: Bool = false, rawCSV: Bool = false,
                width: Int = 100, color: Bool = false, columns: [String]? = nil) {
        self.sort = sort
        self.limit = limit
        self.articles = articles
        self.rawCSV = rawCSV
        self.width = width
        self.color = color
        self.columns = columns
    }
}

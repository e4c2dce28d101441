/// What a pack tells the reports: which field names the member, which fields make
/// a summary, and which collection the statistics are computed over, with the role
/// each of its fields plays. Reports stay site-agnostic by reading this.
public struct ReportSpec: Sendable {
    /// The roles statistics and sorting look for in a collection's rows.
    public enum Role: String, Sendable, CaseIterable {
        case title, url, views, votes, rating, popularity, bookmarks, downloads, posted
    }

    /// The field that names a member (shown before the ID); nil when the pack has none.
    public let nameField: String?
    /// Scalar fields for one-line summaries (markdown and CSV-less views), in order.
    public let summary: [String]
    /// The collection the statistics describe; nil means no statistics.
    public let collection: String?
    /// Row fields shown in tables, in order.
    public let columns: [String]
    /// Role → row field name.
    public let roles: [Role: String]

    public init(nameField: String?, summary: [String], collection: String?, columns: [String], roles: [Role: String]) {
        self.nameField = nameField
        self.summary = summary
        self.collection = collection
        self.columns = columns
        self.roles = roles
    }

    /// What identifies a row across lookups: its URL's path and query (the same
    /// article whether fetched from the site or a mirror), else its title; nil when
    /// it has neither.
    public func rowKey(_ row: ExtractedRecord.Row) -> String? {
        if let field = roles[.url], case .text(let url)? = row[field], !url.isEmpty {
            if let scheme = url.range(of: "://") {
                let rest = url[scheme.upperBound...]
                let path = rest.drop { $0 != "/" }
                return path.isEmpty ? "/" : String(path)
            }
            return url
        }
        if let field = roles[.title], case .text(let title)? = row[field], !title.isEmpty { return title }
        return nil
    }
}

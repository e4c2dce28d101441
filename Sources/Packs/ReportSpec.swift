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
}

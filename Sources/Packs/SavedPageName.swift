/// The one naming of saved pages: `<source>-<id>.html` for a member's page of a source,
/// `<source>-<id>-p<N>.html` for the Nth page of a source that runs over several
/// (`posts-ada_l-p2.html`). `--save-pages` writes these names, `extract` and
/// `patterns check` read them, the replica serves them.
public struct SavedPageName: Sendable, Hashable {
    public let source: String
    public let id: String
    /// 1 for a source's first page.
    public let page: Int

    public init(source: String, id: String, page: Int = 1) {
        self.source = source
        self.id = id
        self.page = page
    }

    public var fileName: String {
        page == 1 ? "\(source)-\(id).html" : "\(source)-\(id)-p\(page).html"
    }

    /// The parts of a file name, with `sources` the pack's source names (a source's
    /// name may hold a `-`, so the longest that fits is taken); nil for other names.
    public static func parse(_ fileName: String, sources: [String]) -> SavedPageName? {
        guard fileName.hasSuffix(".html") else { return nil }
        let stem = String(fileName.dropLast(".html".count))
        guard let source = sources.filter({ stem.hasPrefix($0 + "-") }).max(by: { $0.count < $1.count }) else { return nil }
        var id = String(stem.dropFirst(source.count + 1))
        var page = 1
        if let marker = id.range(of: "-p", options: .backwards), let number = Int(id[marker.upperBound...]),
           number >= 2, number <= SourceRule.pageLimit, String(number) == id[marker.upperBound...] {
            page = number
            id = String(id[..<marker.lowerBound])
        }
        guard !id.isEmpty, !id.contains("/") else { return nil }
        return SavedPageName(source: source, id: id, page: page)
    }
}

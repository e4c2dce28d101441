import Packs

extension ReportSpec {
    /// What identifies a row across lookups: its URL's path and query (the same
    /// article whether fetched from the site or a mirror), else its title; nil when
    /// it has neither.
    public func rowKey(_ row: ExtractedRecord.Row) -> String? {
        if let field = linkField, case .text(let url)? = row[field], !url.isEmpty {
            if let scheme = url.range(of: "://") {
                let rest = url[scheme.upperBound...]
                let path = rest.drop { $0 != "/" }
                return path.isEmpty ? "/" : String(path)
            }
            return url
        }
        if let field = titleField, case .text(let title)? = row[field], !title.isEmpty { return title }
        return nil
    }
}

import Foundation
import Packs

/// A source's further pages found the way a browser finds them, by the link the page
/// before gives: sites that do not number their pages (Hacker News' `submitted?id=pg&
/// next=39440113`) are served from `<source>-<id>-pN.html` all the same.
extension SiteRoutes {
    /// The number of the saved page of `source` for `id` whose previous page links to
    /// `path` and `query`; nil when no saved page does.
    func furtherPage(source: String, id: String, root: String, path: String, query: [String: String]) -> Int? {
        guard let rule = rules.first(where: { $0.name == source }), rule.paginates else { return nil }
        // The first page itself (the common case) costs no reading.
        if SiteRoutes.link(rule.url(base: "", id: id), leadsTo: path, query: query) { return nil }
        for number in 1..<SourceRule.pageLimit {
            let file = (root as NSString).appendingPathComponent(SavedPageName(source: source, id: id, page: number).fileName)
            guard let data = FileManager.default.contents(atPath: file), let link = rule.nextLink(on: [UInt8](data)) else { return nil }
            if SiteRoutes.link(link, leadsTo: path, query: query) { return number + 1 }
        }
        return nil
    }

    /// Whether a link as a page writes it (relative to the site's root, `&amp;` for `&`)
    /// names the same path and query items, in any order.
    static func link(_ link: String, leadsTo path: String, query: [String: String]) -> Bool {
        guard let parts = URLComponents(string: link.replacingOccurrences(of: "&amp;", with: "&")) else { return false }
        let linkPath = parts.path.isEmpty ? path : (parts.path.hasPrefix("/") ? parts.path : "/" + parts.path)
        var items = [String: String]()
        for item in parts.queryItems ?? [] { items[item.name] = item.value ?? "" }
        return linkPath == path && items == query
    }
}

import Foundation
import Packs

/// One site a replica serves: the pack's routes, its saved pages, and the web
/// archive of its captures, when there is one. A replica serves one site, or every
/// bundled site at one address (each request goes to the site whose URL templates
/// name it), so that one base URL reaches every site's pages and captures.
struct SiteReplica: Sendable {
    let name: String
    let routes: SiteRoutes
    /// The directory of its saved pages.
    let root: String
    let archive: ArchiveReplica?

    /// Sites in the order requests are tried: those whose templates would take any
    /// path (GitHub's `/{id}`) last, so they take only what no other site names.
    static func ordered(_ sites: [SiteReplica]) -> [SiteReplica] {
        sites.filter { !$0.routes.takesAnyPath } + sites.filter(\.routes.takesAnyPath)
    }

    /// The site a request's path and query name, and what they name there.
    static func resolve(_ sites: [SiteReplica], path: String, query: [String: String]) -> (SiteReplica, SiteRoutes.Target)? {
        for site in sites {
            if let target = site.routes.resolve(path: path, query: query) { return (site, target) }
        }
        return nil
    }

    /// The archive whose site an archive request's original URL belongs to (the
    /// first archive when the URL names no site's page, which then says so).
    static func archive(_ sites: [SiteReplica], for original: String?) -> ArchiveReplica? {
        let archives = sites.compactMap(\.archive)
        guard archives.count > 1, let original else { return archives.first }
        return archives.first { $0.page(of: original) != nil } ?? archives.first
    }
}

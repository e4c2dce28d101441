import Foundation
import Rules

/// The pack's URL templates turned around: from a request's path and query back to
/// the source and member ID it names. Works for any pack, since it only reads the
/// templates.
struct SiteRoutes: Sendable {
    struct Route: Sendable {
        let source: String
        let pathPieces: [String]   // literal text around {id}
        let pathHasID: Bool
        /// Query items the template fixes; `nil` value marks the one that carries {id}.
        let query: [(name: String, value: String?)]
    }

    let routes: [Route]

    init(pack: SitePack) {
        routes = pack.sources.map { source in
            var template = source.urlTemplate.replacingOccurrences(of: "{base}", with: "")
            if let scheme = template.range(of: "://") {
                // A template with a fixed host: keep only its path.
                template = String(template[scheme.upperBound...].drop { $0 != "/" })
            }
            let parts = template.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            let query: [(String, String?)] = parts.count > 1 ? parts[1].split(separator: "&").map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = pair.count > 1 ? String(pair[1]) : ""
                return (String(pair[0]), value == "{id}" ? nil : value)
            } : []
            return Route(source: source.name, pathPieces: path.components(separatedBy: "{id}"),
                         pathHasID: path.contains("{id}"), query: query)
        }
    }

    /// (source, id) for a request, or nil when no template produces it.
    func resolve(path: String, query: [String: String]) -> (source: String, id: String)? {
        for route in routes {
            var id: String?
            if route.pathHasID {
                guard route.pathPieces.count == 2, path.hasPrefix(route.pathPieces[0]), path.hasSuffix(route.pathPieces[1]),
                      path.count > route.pathPieces[0].count + route.pathPieces[1].count else { continue }
                id = String(path.dropFirst(route.pathPieces[0].count).dropLast(route.pathPieces[1].count))
            } else if path != route.pathPieces.joined() {
                continue
            }
            var matches = true
            for (name, value) in route.query {
                guard let given = query[name] else { matches = false; break }
                if let value {
                    if given != value { matches = false; break }
                } else {
                    id = given
                }
            }
            if matches, let id, !id.isEmpty, !id.contains("/"), !id.contains("..") { return (route.source, id) }
        }
        return nil
    }
}

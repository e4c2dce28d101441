import Foundation
import Packs

/// The pack's URL templates turned around: from a request's path and query back to
/// the member page or feed it names. Works for any pack, since it only reads the
/// templates.
struct SiteRoutes: Sendable {
    enum Target: Sendable, Equatable {
        /// `<source>-<id>.html`, or with `page=N` (N ≥ 2) in the query beyond the
        /// template's, the source's Nth page `<source>-<id>-pN.html`.
        case page(source: String, id: String, page: Int)
        /// `feeds/<feed>-<category id>.xml`, or `feeds/<feed>.xml` without a category.
        case feed(name: String, category: String?)
    }

    private struct Route: Sendable {
        enum Kind: Sendable { case page(String), feed(String) }
        let kind: Kind
        /// `{id}` or `{category}`.
        let placeholder: String
        /// Literal text around the placeholder in the path.
        let pathPieces: [String]
        /// Query items the template fixes; a nil value marks the one carrying the placeholder.
        let query: [(name: String, value: String?)]

        init(kind: Kind, template: String, placeholder: String) {
            self.kind = kind
            self.placeholder = placeholder
            var template = template.replacingOccurrences(of: "{base}", with: "")
            if let scheme = template.range(of: "://") {
                // A template with a fixed host: keep only its path.
                template = String(template[scheme.upperBound...].drop { $0 != "/" })
            }
            let parts = template.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            pathPieces = String(parts[0]).components(separatedBy: placeholder)
            query = parts.count > 1 ? parts[1].split(separator: "&").map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = pair.count > 1 ? String(pair[1]) : ""
                return (String(pair[0]), value == placeholder ? nil : value)
            } : []
        }

        /// The placeholder's value ("" when the template has none), or nil when the request is not this route.
        func match(path: String, query given: [String: String]) -> String? {
            var value: String?
            if pathPieces.count == 2 {
                guard path.hasPrefix(pathPieces[0]), path.hasSuffix(pathPieces[1]),
                      path.count > pathPieces[0].count + pathPieces[1].count else { return nil }
                value = String(path.dropFirst(pathPieces[0].count).dropLast(pathPieces[1].count))
                // A path that goes on after an ID ending the template's path is the same
                // page with a name in it (`/users/31415/ada-pond`), as sites link them.
                if pathPieces[1].isEmpty, let slash = value?.firstIndex(of: "/"), let whole = value {
                    value = String(whole[..<slash])
                }
            } else if path != pathPieces.joined() {
                return nil
            }
            for (name, fixed) in query {
                guard let actual = given[name] else { return nil }
                if let fixed {
                    guard actual == fixed else { return nil }
                } else {
                    value = actual
                }
            }
            let result = value ?? ""
            // Never a path out of the root.
            guard !result.contains("/"), !result.contains("..") else { return nil }
            return result
        }
    }

    private let routes: [Route]
    /// The pack's source names, which saved pages' names begin with.
    let sources: [String]
    /// The pack's sources, whose `next` links lead to further pages.
    let rules: [SourceRule]

    init(pack: SitePack) {
        sources = pack.sources.map(\.name)
        rules = pack.sources
        let all = pack.sources.map { Route(kind: .page($0.name), template: $0.urlTemplate, placeholder: "{id}") }
            + pack.feeds.map { Route(kind: .feed($0.name), template: $0.urlTemplate, placeholder: "{category}") }
        // The most specific first: `/{id}?tab=repositories` is not the profile at `/{id}`,
        // though the profile's template would take it (it asks nothing of the query).
        routes = all.enumerated().sorted { ($0.element.query.count, -$0.offset) > ($1.element.query.count, -$1.offset) }.map(\.element)
    }

    /// A route whose template is the ID alone (`{base}/{id}`): it would take any path.
    var takesAnyPath: Bool {
        routes.contains { $0.query.isEmpty && $0.pathPieces == ["/", ""] }
    }

    func resolve(path: String, query: [String: String]) -> Target? {
        for route in routes {
            guard let value = route.match(path: path, query: query) else { continue }
            switch route.kind {
            case .page(let source):
                let page = query["page"].flatMap(Int.init).flatMap { (2...SourceRule.pageLimit).contains($0) ? $0 : nil } ?? 1
                if !value.isEmpty { return .page(source: source, id: value, page: page) }
            case .feed(let name):
                return .feed(name: name, category: value.isEmpty ? nil : value)
            }
        }
        return nil
    }
}

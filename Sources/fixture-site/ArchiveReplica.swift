import FlyingFox
import Foundation
import Packs
import Synchronization

/// A web archive in miniature, for `--archive DIR`, answering in the forms the real
/// Wayback Machine was recorded answering in (docs/archive.md, "What the real archive
/// sends"). Captures are saved as `DIR/<14-digit timestamp>/<source>-<id>.<kind>`
/// (`SavedPageName`): `.html` a page; `.revisit` a revisit record (it holds the
/// timestamp of the capture whose payload it stands for); `.redirect` the site's
/// redirect at crawl time (it holds the Location); `.status` the site's error at
/// crawl time (it holds the status). `DIR/answers.txt` names pages the archive itself
/// refuses: `<source>-<id> blocked-site|blocked-robots|excluded`.
final class ArchiveReplica: Sendable {
    struct Entry: Sendable {
        enum Body: Sendable {
            case page(String)
            case revisit(of: String)
            case redirect(String)
            case status(Int)
        }
        let timestamp: String
        let name: SavedPageName
        let body: Body
    }

    /// What the archive itself answers for a page, instead of its captures.
    enum Refusal: String, Sendable {
        case blockedSite = "blocked-site"
        case blockedRobots = "blocked-robots"
        case excluded
    }

    let entries: [Entry]
    let refusals: [SavedPageName: Refusal]
    let routes: SiteRoutes
    /// Recorded answer bodies (the archive's "not archived" and "excluded" pages, an
    /// archived 403) when a directory of them was given; short stand-ins otherwise.
    let bodies: [String: Data]
    /// At most this many CDX rows a page, whatever `limit` asks: resume keys are used.
    let pageSize: Int
    /// `--archive-busy N`: the first N archive requests are answered 429.
    private let busy: Mutex<Int>
    /// Seconds in the 429's Retry-After; nil: none, as the archive's own 429s come.
    private let retryAfter: Int?
    /// The archive's published limits, when enforced.
    let limits: ArchiveLimits?

    init(directory: String, routes: SiteRoutes, busy: Int, retryAfter: Int?, pageSize: Int, bodies: String?,
         limits: ArchiveLimits? = nil) throws {
        self.limits = limits
        var entries = [Entry]()
        let manager = FileManager.default
        for stamp in try manager.contentsOfDirectory(atPath: directory).sorted()
        where stamp.count == 14 && stamp.allSatisfy(\.isNumber) {
            let folder = (directory as NSString).appendingPathComponent(stamp)
            for name in (try? manager.contentsOfDirectory(atPath: folder).sorted()) ?? [] {
                let path = (folder as NSString).appendingPathComponent(name)
                let stem = (name as NSString).deletingPathExtension
                guard let saved = SavedPageName.parse(stem + ".html", sources: routes.sources) else { continue }
                let text = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                switch (name as NSString).pathExtension {
                case "html": entries.append(Entry(timestamp: stamp, name: saved, body: .page(path)))
                case "revisit": entries.append(Entry(timestamp: stamp, name: saved, body: .revisit(of: text)))
                case "redirect": entries.append(Entry(timestamp: stamp, name: saved, body: .redirect(text)))
                case "status": entries.append(Entry(timestamp: stamp, name: saved, body: .status(Int(text) ?? 500)))
                default: continue
                }
            }
        }
        var refusals = [SavedPageName: Refusal]()
        let answers = (directory as NSString).appendingPathComponent("answers.txt")
        for line in ((try? String(contentsOfFile: answers, encoding: .utf8)) ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let name = SavedPageName.parse(parts[0] + ".html", sources: routes.sources),
               let refusal = Refusal(rawValue: String(parts[1])) {
                refusals[name] = refusal
            }
        }
        var recorded = [String: Data]()
        if let bodies {
            for (key, file) in [("not-archived", "capture-body-01-not-archived.html"), ("excluded", "capture-body-02-excluded.html"),
                                ("archived-403", "capture-body-03-archived-403.html")] {
                recorded[key] = manager.contents(atPath: (bodies as NSString).appendingPathComponent(file))
            }
        }
        self.entries = entries
        self.refusals = refusals
        self.routes = routes
        self.bodies = recorded
        self.pageSize = max(1, pageSize)
        self.busy = Mutex(busy)
        self.retryAfter = retryAfter
    }

    /// The answer to an archive request, or nil when the path is not the archive's.
    func answer(_ request: FlyingFox.HTTPRequest) -> FlyingFox.HTTPResponse? {
        let isArchive = request.path == "/cdx/search/cdx" || request.path.hasPrefix("/web/")
        guard isArchive else { return nil }
        let kind: ArchiveLimits.Kind = request.path == "/cdx/search/cdx" || request.path.hasPrefix("/web/timemap/") ? .index : .playback
        switch limits?.admit(kind) ?? .serve {
        case .serve: break
        case .tooMany: return HTTPResponse(statusCode: .tooManyRequests, headers: [.contentType: "text/html"], body: Data("<html><body>Too Many Requests</body></html>\n".utf8))
        case .blocked: return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain"], body: Data("blocked: too many requests went on after 429s\n".utf8))
        }
        let refuse = busy.withLock { left -> Bool in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
        if refuse {
            let headers: HTTPHeaders = retryAfter.map { [HTTPHeader("Retry-After"): String($0)] } ?? [:]
            return HTTPResponse(statusCode: .tooManyRequests, headers: headers, body: Data("slow down\n".utf8))
        }
        let base = "http://" + (request.headers[.host] ?? "127.0.0.1")
        if request.path == "/cdx/search/cdx" { return cdx(request) }
        let rest = String(request.path.dropFirst("/web/".count)) + ArchiveReplica.rawQuery(request)
        if rest.hasPrefix("timemap/link/") { return timeMap(asked: String(rest.dropFirst("timemap/link/".count)), base: base) }
        let digits = rest.prefix { $0.isNumber }
        guard digits.count == 14, rest.dropFirst(14).hasPrefix("id_/") || rest.dropFirst(14).hasPrefix("/") else {
            return text(.notFound, "not an archive URL\n")
        }
        let original = String(rest.dropFirst(14).drop { $0 != "/" }.dropFirst())
        return capture(timestamp: String(digits), original: original, base: base)
    }

    /// The site's URL an archive request is about: the CDX's `url`, or what follows a
    /// capture's timestamp or a TimeMap's path; nil for none.
    static func original(of request: FlyingFox.HTTPRequest) -> String? {
        if request.path == "/cdx/search/cdx" { return request.query.first { $0.name == "url" }?.value }
        let rest = String(request.path.dropFirst("/web/".count)) + ArchiveReplica.rawQuery(request)
        if rest.hasPrefix("timemap/link/") { return String(rest.dropFirst("timemap/link/".count)) }
        return String(rest.drop { $0 != "/" }.dropFirst())
    }

    /// The query of a capture or TimeMap URL belongs to the original URL in its path.
    private static func rawQuery(_ request: FlyingFox.HTTPRequest) -> String {
        request.query.isEmpty ? "" : "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// The page an original URL names (in any form: `http://host:80/...` is `https://host/...`).
    func page(of original: String) -> SavedPageName? {
        guard let url = URLComponents(string: original) else { return nil }
        var query = [String: String]()
        for item in url.queryItems ?? [] { query[item.name] = item.value ?? "" }
        guard case .page(let source, let id, let page)? = routes.resolve(path: url.path, query: query) else { return nil }
        return SavedPageName(source: source, id: id, page: page)
    }

    /// The captures of a page, in time order.
    func captures(of name: SavedPageName) -> [Entry] {
        entries.filter { $0.name == name }
    }

    /// The form a crawler met an `https://` page in years ago (`http://host:80/...`),
    /// which the index lists its captures under; others as they are.
    static func crawlerForm(_ original: String) -> String {
        guard var parts = URLComponents(string: original), parts.scheme == "https", parts.port == nil else { return original }
        parts.scheme = "http"
        parts.port = 80
        return parts.string ?? original
    }

    /// A capture's own form: the form asked for, with the crawler form turned back
    /// (`http://host:80/...` is `https://host/...`).
    static func ownForm(_ original: String) -> String {
        guard var parts = URLComponents(string: original), parts.scheme == "http", parts.port == 80 else { return original }
        parts.scheme = "https"
        parts.port = nil
        return parts.string ?? original
    }

    /// A resume key as sent back, however many times it was percent-encoded on the way.
    static func decoded(_ key: String) -> String {
        var text = key
        while let once = text.removingPercentEncoding, once != text { text = once }
        return text
    }

    /// The CDX's own key for a URL: its host's labels reversed (`com,example)/path`).
    static func urlKey(_ original: String) -> String {
        guard let url = URLComponents(string: original), let host = url.host?.lowercased() else { return original }
        let labels = host.split(separator: ".").filter { $0 != "www" }.reversed().joined(separator: ",")
        return labels + ")" + (url.path.isEmpty ? "/" : url.path.lowercased()) + (url.query.map { "?" + $0 } ?? "")
    }

    func text(_ status: HTTPStatusCode, _ body: String) -> FlyingFox.HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain"], body: Data(body.utf8))
    }
}

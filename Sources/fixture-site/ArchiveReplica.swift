import FlyingFox
import Foundation
import Packs
import Synchronization

/// A web archive in miniature, for `--archive DIR`: captures saved as
/// `DIR/<14-digit timestamp>/<source>-<id>.html` (`SavedPageName`), served the way the Wayback Machine
/// serves them: a CDX index (`/cdx/search/cdx`, JSON), Memento TimeMaps
/// (`/web/timemap/link/<url>`) and raw captures (`/web/<timestamp>id_/<url>`). A
/// capture saved as `<source>-<id>.redirect` (holding a URL) is a redirect; as
/// `<source>-<id>.status` (holding a number), an error the archive answers with.
final class ArchiveReplica: Sendable {
    struct Entry: Sendable {
        enum Body: Sendable {
            case page(String)
            case redirect(String)
            case status(Int)
        }
        let timestamp: String
        let name: SavedPageName
        let body: Body
    }

    private let entries: [Entry]
    private let routes: SiteRoutes
    /// `--archive-busy N`: the first N archive requests are answered 429 with Retry-After.
    private let busy: Mutex<Int>
    private let retryAfter: Int

    init(directory: String, routes: SiteRoutes, busy: Int, retryAfter: Int) throws {
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
                case "redirect": entries.append(Entry(timestamp: stamp, name: saved, body: .redirect(text)))
                case "status": entries.append(Entry(timestamp: stamp, name: saved, body: .status(Int(text) ?? 500)))
                default: continue
                }
            }
        }
        self.entries = entries
        self.routes = routes
        self.busy = Mutex(busy)
        self.retryAfter = retryAfter
    }

    /// The answer to an archive request, or nil when the path is not the archive's.
    func answer(_ request: FlyingFox.HTTPRequest) -> FlyingFox.HTTPResponse? {
        let isArchive = request.path == "/cdx/search/cdx" || request.path.hasPrefix("/web/")
        guard isArchive else { return nil }
        let refuse = busy.withLock { left -> Bool in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
        if refuse {
            return HTTPResponse(statusCode: .tooManyRequests, headers: [HTTPHeader("Retry-After"): String(retryAfter)],
                                body: Data("slow down\n".utf8))
        }
        if request.path == "/cdx/search/cdx" { return cdx(request) }
        let rest = String(request.path.dropFirst("/web/".count)) + rawQuery(request)
        if rest.hasPrefix("timemap/link/") { return timeMap(original: String(rest.dropFirst("timemap/link/".count))) }
        guard rest.count > 17, rest.dropFirst(14).hasPrefix("id_/") else { return text(.notFound, "not an archive URL\n") }
        return capture(timestamp: String(rest.prefix(14)), original: String(rest.dropFirst(18)))
    }

    /// The query of a capture or TimeMap URL belongs to the original URL in its path.
    private func rawQuery(_ request: FlyingFox.HTTPRequest) -> String {
        request.query.isEmpty ? "" : "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// The captures of an original URL, in time order.
    private func captures(of original: String) -> [Entry] {
        guard let url = URLComponents(string: original) else { return [] }
        var query = [String: String]()
        for item in url.queryItems ?? [] { query[item.name] = item.value ?? "" }
        guard case .page(let source, let id, let page)? = routes.resolve(path: url.path, query: query) else { return [] }
        return entries.filter { $0.name == SavedPageName(source: source, id: id, page: page) }
    }

    private func cdx(_ request: FlyingFox.HTTPRequest) -> FlyingFox.HTTPResponse {
        var query = [String: String]()
        for item in request.query { query[item.name] = item.value }
        guard let original = query["url"] else { return text(.badRequest, "url is required\n") }
        // from/to are timestamp prefixes, padded to the range's start and end.
        let from = (query["from"] ?? "").padding(toLength: 14, withPad: "0", startingAt: 0)
        let to = (query["to"] ?? "").isEmpty ? "99999999999999" : (query["to"] ?? "").padding(toLength: 14, withPad: "9", startingAt: 0)
        let rows = captures(of: original).filter { $0.timestamp >= from && $0.timestamp <= to }.map { entry -> [String] in
            [ArchiveReplica.urlKey(original), entry.timestamp, original, "text/html", "200", "DIGEST\(entry.timestamp)", "1000"]
        }
        guard !rows.isEmpty else { return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data()) }
        let header = ["urlkey", "timestamp", "original", "mimetype", "statuscode", "digest", "length"]
        let body = (try? JSONSerialization.data(withJSONObject: [header] + rows)) ?? Data("[]".utf8)
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
    }

    /// The CDX's own key for a URL: its host's labels reversed (`com,example)/path`).
    static func urlKey(_ original: String) -> String {
        guard let url = URLComponents(string: original), let host = url.host?.lowercased() else { return original }
        let labels = host.split(separator: ".").filter { $0 != "www" }.reversed().joined(separator: ",")
        return labels + ")" + (url.path.isEmpty ? "/" : url.path.lowercased()) + (url.query.map { "?" + $0 } ?? "")
    }

    private func timeMap(original: String) -> FlyingFox.HTTPResponse {
        let found = captures(of: original)
        guard !found.isEmpty else { return text(.notFound, "no captures of \(original)\n") }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let parser = DateFormatter()
        parser.locale = formatter.locale
        parser.timeZone = formatter.timeZone
        parser.dateFormat = "yyyyMMddHHmmss"
        var lines = ["<\(original)>; rel=\"original\""]
        for entry in found {
            let datetime = parser.date(from: entry.timestamp).map(formatter.string) ?? ""
            lines.append("</web/\(entry.timestamp)/\(original)>; rel=\"memento\"; datetime=\"\(datetime)\"")
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/link-format"], body: Data((lines.joined(separator: ",\n") + "\n").utf8))
    }

    private func capture(timestamp: String, original: String) -> FlyingFox.HTTPResponse {
        guard let entry = captures(of: original).first(where: { $0.timestamp == timestamp }) else {
            return text(.notFound, "no capture of \(original) at \(timestamp)\n")
        }
        switch entry.body {
        case .page(let path):
            guard let data = FileManager.default.contents(atPath: path) else { return text(.notFound, "gone\n") }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html"], body: data)
        case .redirect(let location):
            return HTTPResponse(statusCode: .found, headers: [HTTPHeader("Location"): location], body: Data())
        case .status(let code):
            return text(HTTPStatusCode(code, phrase: "archived error"), "an archived error page\n")
        }
    }

    private func text(_ status: HTTPStatusCode, _ body: String) -> FlyingFox.HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain"], body: Data(body.utf8))
    }
}

import FlyingFox
import Foundation
import Packs

/// The replica's answers, in the forms recorded from the real archive
/// (`Fixtures/archive-real/`, from `../shared/archive-real/`).
extension ArchiveReplica {
    /// The CDX index: old servers' JSON (a compact header, `", "` inside rows), every row
    /// twice (exact duplicates are normal), revisits as `warc/revisit` with status `-`,
    /// the site's redirects and errors with their statuses, originals in the form the
    /// crawler met them, pages of `pageSize` rows with a resume key after each but the
    /// last, and an empty 200 for a key past the end. Text output without `output=json`.
    func cdx(_ request: FlyingFox.HTTPRequest) -> FlyingFox.HTTPResponse {
        var query = [String: String]()
        for item in request.query { query[item.name] = item.value }
        guard let asked = query["url"] else { return text(.badRequest, "url is required\n") }
        guard let name = page(of: asked) else { return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain"], body: Data()) }
        if let refusal = refusals[name], refusal != .excluded { return refused(refusal) }
        // from/to are timestamp prefixes, padded to the range's start and end.
        let from = (query["from"] ?? "").padding(toLength: 14, withPad: "0", startingAt: 0)
        let to = (query["to"] ?? "").isEmpty ? "99999999999999" : (query["to"] ?? "").padding(toLength: 14, withPad: "9", startingAt: 0)
        let original = ArchiveReplica.crawlerForm(asked)
        let key = ArchiveReplica.urlKey(asked)
        var rows = [[String]]()
        for entry in captures(of: name) where entry.timestamp >= from && entry.timestamp <= to {
            let (mime, status): (String, String)
            switch entry.body {
            case .page: (mime, status) = ("text/html", "200")
            case .revisit: (mime, status) = ("warc/revisit", "-")
            case .redirect: (mime, status) = ("unk", "301")
            case .status(let code): (mime, status) = ("text/html", String(code))
            }
            let row = [key, entry.timestamp, original, mime, status, "DIGEST\(entry.timestamp)", "1000"]
            rows += [row, row]
        }
        // Resume keys: the last row's key and timestamp, its last character bumped.
        let start = query["resumeKey"].map(ArchiveReplica.decoded).flatMap { resume in rows.firstIndex { ($0[0] + " " + $0[1]) > resume.replacingOccurrences(of: "!", with: "") } }
            ?? (query["resumeKey"] == nil ? 0 : rows.count)
        if query["resumeKey"] != nil && start >= rows.count {
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain"], body: Data())
        }
        let limit = min(pageSize, query["limit"].flatMap { Int($0) }.map { max(1, $0) } ?? pageSize)
        let shown = Array(rows[start..<min(rows.count, start + limit)])
        let more = start + limit < rows.count && query["showResumeKey"] == "true"
        let resume = shown.last.map { $0[0] + " " + $0[1] + "!" }
        guard query["output"] == "json" else {
            var lines = shown.map { $0.joined(separator: " ") }
            if more, let resume { lines += ["", resume.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? resume] }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain"], body: Data((lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")).utf8))
        }
        guard !shown.isEmpty else { return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data()) }
        func quoted(_ row: [String], _ separator: String) -> String {
            "[" + row.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: separator) + "]"
        }
        var lines = [quoted(["urlkey", "timestamp", "original", "mimetype", "statuscode", "digest", "length"], ",")]
        lines += shown.map { quoted($0, ", ") }
        if more, let resume { lines += ["[]", quoted([resume.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? resume], ",")] }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data(("[" + lines.joined(separator: ",\n") + "]\n").utf8))
    }

    /// A TimeMap as the archive sent them in 2018–2020: every line ends in a comma, the
    /// last too; a bare timegate; no `last memento`; the first capture given twice.
    func timeMap(asked: String, base: String) -> FlyingFox.HTTPResponse {
        guard let name = page(of: asked), !captures(of: name).isEmpty else { return notArchived() }
        if let refusal = refusals[name], refusal != .excluded { return refused(refusal) }
        let found = captures(of: name)
        var lines = ["<\(asked)>; rel=\"original\"",
                     "<\(base)/web/timemap/link/\(asked)>; rel=\"self\"; type=\"application/link-format\"; from=\"\(httpDate(found[0].timestamp))\"",
                     "<\(base)>; rel=\"timegate\""]
        for (index, entry) in found.enumerated() {
            let line = "<\(base)/web/\(entry.timestamp)/\(ArchiveReplica.ownForm(asked))>; rel=\"\(index == 0 ? "first memento" : "memento")\"; datetime=\"\(httpDate(entry.timestamp))\""
            lines.append(line)
            if index == 0 { lines.append(line) }
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/link-format"], body: Data((lines.map { $0 + "," }.joined(separator: "\n") + "\n").utf8))
    }

    /// A raw capture. Asked in another URL form than the capture's own (the index lists
    /// `http://host:80/...` for an `https://host/...` capture, as the archive's old rows
    /// do) or at a time that is no capture's, the archive's own `302 FOUND` to the
    /// nearest capture; else the site's answer at crawl time, with lower-case Memento
    /// headers: its page (a revisit's, the earlier payload), its redirect rewritten into
    /// the archive, its error.
    func capture(timestamp: String, original: String, base: String) -> FlyingFox.HTTPResponse {
        guard let name = page(of: original) else { return notArchived() }
        if let refusal = refusals[name] { return refused(refusal) }
        let found = captures(of: name)
        guard !found.isEmpty else { return notArchived() }
        let own = ArchiveReplica.ownForm(original)
        guard let entry = found.first(where: { $0.timestamp == timestamp }), original == own else {
            let nearest = found.min { abs((Double($0.timestamp) ?? 0) - (Double(timestamp) ?? 0)) < abs((Double($1.timestamp) ?? 0) - (Double(timestamp) ?? 0)) } ?? found[0]
            return HTTPResponse(statusCode: HTTPStatusCode(302, phrase: "FOUND"), headers: [
                .contentType: "text/plain; charset=utf-8", .contentLength: "0",
                HTTPHeader("X-Archive-Redirect-Reason"): "found capture at \(nearest.timestamp)",
                HTTPHeader("Location"): "\(base)/web/\(nearest.timestamp)id_/\(own)",
            ], body: Data())
        }
        var headers: HTTPHeaders = [HTTPHeader("memento-datetime"): httpDate(entry.timestamp),
                                    HTTPHeader("link"): "<\(original)>; rel=\"original\", <\(base)/web/\(entry.timestamp)/\(own)>; rel=\"memento\"; datetime=\"\(httpDate(entry.timestamp))\"",
                                    HTTPHeader("x-archive-src"): "replica-\(entry.timestamp).warc.gz"]
        switch entry.body {
        case .page(let path):
            headers[.contentType] = "text/html"
            return HTTPResponse(statusCode: .ok, headers: headers, body: FileManager.default.contents(atPath: path) ?? Data())
        case .revisit(let of):
            // A revisit serves the earlier payload under its own time.
            let earlier = found.last { entry in if case .page = entry.body { return entry.timestamp <= (of.isEmpty ? timestamp : of) } else { return false } }
            guard case .page(let path)? = earlier?.body else { return text(.internalServerError, "a revisit of nothing\n") }
            headers[.contentType] = "text/html"
            return HTTPResponse(statusCode: .ok, headers: headers, body: FileManager.default.contents(atPath: path) ?? Data())
        case .redirect(let location):
            headers[HTTPHeader("Location")] = "\(base)/web/\(entry.timestamp)id_/\(location)"
            return HTTPResponse(statusCode: HTTPStatusCode(301, phrase: "Moved Permanently"), headers: headers, body: Data())
        case .status(let code):
            headers[.contentType] = "text/html"
            let body = code == 403 ? bodies["archived-403"] ?? Data("<html><body><h1>Access Denied</h1></body></html>\n".utf8)
                : Data("<html><body><h1>Error \(code)</h1></body></html>\n".utf8)
            return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "archived error"), headers: headers, body: body)
        }
    }

    /// The archive's own refusals, as it words them.
    func refused(_ refusal: Refusal) -> FlyingFox.HTTPResponse {
        switch refusal {
        case .blockedSite:
            let words = "org.archive.util.io.RuntimeIOException: org.archive.wayback.exception.AdministrativeAccessControlException: Blocked Site Error"
            return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain", HTTPHeader("X-Archive-Wayback-Runtime-Error"): words],
                                body: Data((words + "\n").utf8))
        case .blockedRobots:
            let words = "RobotAccessControlException: Blocked By Robots"
            return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/html", HTTPHeader("X-Archive-Wayback-Runtime-Error"): words],
                                body: Data("<html><body><p>\(words)</p></body></html>\n".utf8))
        case .excluded:
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                                body: bodies["excluded"] ?? Data("<html><body><p>Sorry. This URL has been excluded from the Wayback Machine.</p></body></html>\n".utf8))
        }
    }

    func notArchived() -> FlyingFox.HTTPResponse {
        HTTPResponse(statusCode: HTTPStatusCode(404, phrase: "NOT FOUND"), headers: [.contentType: "text/html; charset=utf-8"],
                     body: bodies["not-archived"] ?? Data("<html><body><p>The Wayback Machine has not archived that URL.</p></body></html>\n".utf8))
    }

    /// `Sat, 15 Mar 2008 12:00:00 GMT`.
    func httpDate(_ timestamp: String) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "GMT")
        parser.dateFormat = "yyyyMMddHHmmss"
        let formatter = DateFormatter()
        formatter.locale = parser.locale
        formatter.timeZone = parser.timeZone
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return parser.date(from: timestamp).map(formatter.string) ?? ""
    }
}

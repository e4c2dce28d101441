import Foundation

/// Where a site's pages live on in a web archive, and how politely to ask for them:
/// the pack's `[archive]` section. Endpoints are templates: `{archive}` (the
/// archive's base URL, `--archive`), `{url}` (the site's own URL of a page), `{from}`
/// and `{to}` (timestamp prefixes such as `2014` or `201401`), `{timestamp}` (a
/// capture's 14 digits).
public struct ArchiveSpec: Sendable, Equatable {
    /// The archive asked unless `--archive` names another.
    public let base: String
    /// A CDX server's query (JSON output), listing a URL's captures.
    public let cdx: String?
    /// A Memento TimeMap (link format), for archives without a CDX server.
    public let timeMap: String?
    /// One capture's original bytes, without the archive's banner or rewritten links.
    public let capture: String
    /// Requests a second to the archive (a shared public service).
    public let rate: Double
    /// Requests to the archive at once.
    public let concurrency: Int
    /// Names the tool and a contact, as archives ask of automated clients.
    public let userAgent: String

    public init(base: String, cdx: String?, timeMap: String?, capture: String, rate: Double, concurrency: Int, userAgent: String) {
        self.base = base
        self.cdx = cdx
        self.timeMap = timeMap
        self.capture = capture
        self.rate = rate
        self.concurrency = concurrency
        self.userAgent = userAgent
    }

    /// The Wayback Machine, for packs without an `[archive]` section.
    public static let wayback = ArchiveSpec(
        base: "https://web.archive.org",
        cdx: "{archive}/cdx/search/cdx?url={url}&output=json&from={from}&to={to}&limit=1000&showResumeKey=true",
        timeMap: "{archive}/web/timemap/link/{url}",
        capture: "{archive}/web/{timestamp}id_/{url}",
        rate: 1, concurrency: 1,
        userAgent: "cpvanity/0.1 (reads archived member pages; https://github.com/cpvanity/cpvanity)")

    /// `template` with its placeholders filled; `{url}` percent-encoded where it sits in
    /// a query (after `?`), as written in a path otherwise.
    public static func fill(_ template: String, archive: String, url: String, from: String = "", to: String = "",
                            timestamp: String = "") -> String {
        let trimmed = archive.hasSuffix("/") ? String(archive.dropLast()) : archive
        let inQuery = template.range(of: "{url}").map { template[..<$0.lowerBound].contains("?") } ?? false
        let encoded = inQuery ? (url.addingPercentEncoding(withAllowedCharacters: queryValue) ?? url) : url
        return template.replacingOccurrences(of: "{archive}", with: trimmed)
            .replacingOccurrences(of: "{from}", with: from)
            .replacingOccurrences(of: "{to}", with: to)
            .replacingOccurrences(of: "{timestamp}", with: timestamp)
            .replacingOccurrences(of: "{url}", with: encoded)
    }

    private static let queryValue: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()
}

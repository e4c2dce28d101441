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
    /// Requests a second to the archive's index (CDX searches and TimeMaps): the
    /// Wayback Machine takes 30 a minute from one address and advises 24 (0.4 a second).
    public let indexRate: Double
    /// Requests a second for captures (playback, `/web/<timestamp>id_/<url>`): the
    /// Wayback Machine takes 600 a minute and advises 8 a second.
    public let playbackRate: Double
    /// Capture requests at once (the index's are at most two): enough to keep the
    /// playback budget busy while each capture takes its second to come.
    public let concurrency: Int
    /// Names the tool and a contact, as archives ask of automated clients.
    public let userAgent: String
    /// Seconds every request to the archive pauses after its 429 without Retry-After
    /// (`pause_after_429`; the Wayback Machine sends none, and blocks an address that
    /// goes on for a minute).
    public var pauseAfter429: Double = 60

    public init(base: String, cdx: String?, timeMap: String?, capture: String, indexRate: Double, playbackRate: Double,
                concurrency: Int, userAgent: String) {
        self.base = base
        self.cdx = cdx
        self.timeMap = timeMap
        self.capture = capture
        self.indexRate = indexRate
        self.playbackRate = playbackRate
        self.concurrency = concurrency
        self.userAgent = userAgent
    }

    /// The Wayback Machine's advised rates (its `wayback` client, v0.5.1, 2026): the
    /// published limits are 30 index and 600 playback requests a minute per address.
    public static let advisedIndexRate = 0.4
    public static let advisedPlaybackRate = 8.0
    /// Index requests at once: the index budget is one request every 2.5 s.
    public static let indexConcurrency = 2

    /// The Wayback Machine, for packs without an `[archive]` section.
    public static let wayback = ArchiveSpec(
        base: "https://web.archive.org",
        cdx: "{archive}/cdx/search/cdx?url={url}&output=json&from={from}&to={to}&limit=1000&showResumeKey=true",
        timeMap: "{archive}/web/timemap/link/{url}",
        capture: "{archive}/web/{timestamp}id_/{url}",
        indexRate: advisedIndexRate, playbackRate: advisedPlaybackRate, concurrency: 8,
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

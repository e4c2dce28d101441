import Archive
import Foundation

/// Where a member's pages come from: the site itself, a web archive, or pages saved
/// on disk. An origin only fetches; what every page then goes through (its
/// completeness, saving it, its charset, its further pages, its name on disk) is
/// `MemberPages`', once for all origins.
public protocol PageOrigin: Sendable {
    /// Whether a page must show its source's `complete` pattern (`</html>`): pages that
    /// crossed a network may be cut short; saved pages are read as they are.
    var checksCompleteness: Bool { get }

    /// The first page of `source` for member `id`, at the site's own `url`.
    func first(source: String, id: String, url: String) async -> Result<FetchedPage, PageFailure>

    /// A further page (`number` 2 and on) of `source`, at the site's own `url`, which a
    /// `next` link on the page before gave; `first` is the source's first page.
    func further(source: String, id: String, url: String, number: Int, after first: FetchedPage) async -> Result<FetchedPage, PageFailure>
}

/// A page as it came, before it is read.
public struct FetchedPage: Sendable {
    /// As they came (saved so, read through their charset).
    public let bytes: [UInt8]
    /// The transport's word on the charset, if any.
    public let charset: String?
    /// Where it was read from, for messages and records: a URL (credentials removed) or a file.
    public let origin: String
    /// The site's own URL of the page, which its links are relative to (an archived
    /// page's links are the site's, not the archive's).
    public let base: String
    /// For a page read from a web archive, the capture it was read from.
    public let capture: Capture?

    /// When the page was served: the fetch's time, or the capture's for an archived
    /// page; nil for a saved page (its file's time is when it was copied, not served).
    /// "2 days ago" on the page counts back from it.
    public let servedAt: Date?

    public init(bytes: [UInt8], charset: String?, origin: String, base: String, capture: Capture? = nil, servedAt: Date? = nil) {
        self.bytes = bytes
        self.charset = charset
        self.origin = origin
        self.base = base
        self.capture = capture
        self.servedAt = capture?.time ?? servedAt
    }
}

/// Why a page did not come: what went wrong, or a stop asked for before it was requested.
public struct PageFailure: Error, Sendable {
    public let error: MemberError?
    /// The run was stopped before the page was requested: the member is left for the next run.
    public let stopped: Bool

    public init(_ error: MemberError?, stopped: Bool = false) {
        self.error = error
        self.stopped = stopped
    }
}

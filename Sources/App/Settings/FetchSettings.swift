import Foundation
import Lookup
import Scraper
import Store

/// How pages are fetched: where from, how politely, and what is kept. Plain data, as
/// the command line (and the config file) gave it; `FetchSettings+Machinery` makes
/// the objects.
public struct FetchSettings: Sendable {
    /// Fetch from this host instead of the pack's (a mirror, the local replica).
    public var baseURL: String?
    /// Requests in flight at once, across all hosts.
    public var concurrency = 8
    /// Requests started per second per host; 0: no limit (a mirror of one's own).
    public var rate = 4.0
    public var retries = FetchPolicy.defaultRetries
    /// Seconds one request may take in all, and to connect.
    public var timeout = 30.0
    public var connectTimeout = 10.0
    /// The proxy every request goes through; nil: libcurl's from the environment.
    public var proxy: String?
    public var respectRobots = true
    /// Every page fetched is written here, named as `SavedPageName` says.
    public var savePagesTo: String?
    /// Pages are kept here and revalidated on the next lookup.
    public var cacheDirectory: String?
    /// Where every cpvanity process on the machine books its requests to a host, so
    /// that together they keep to its budget (`SharedBudget`), and keeps the hosts'
    /// robots.txt for the next run (`KeptRobots`); nil: each its own. Resolved
    /// settings have the process's (`ProcessPlaces.budgetDirectory`).
    public var budgetDirectory: String?

    public init() {}
}

/// Reading members from a web archive rather than the site.
public struct ArchiveSettings: Sendable {
    /// Members as the archive showed them then (the capture nearest its start); nil:
    /// the archive is only for a backfill.
    public var asOf: DateInterval?
    /// The archive to ask; nil: the pack's.
    public var base: String?
    /// How captures are listed; nil: the pack's first.
    public var index: ArchiveReader.Index?
    /// Requests a second to the archive; nil: the pack's.
    public var rate: Double?
    /// A member whose pages were captured further apart than this is refused.
    public var maxSkew: TimeInterval?

    public init() {}
}

/// Where the history of lookups is kept, and whether lookups use it.
public struct HistorySettings: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }
}

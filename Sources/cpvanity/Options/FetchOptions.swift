import App
import ArgumentParser
import Foundation
import Logging
import Lookup
import Packs
import Scraper

/// How pages are fetched: where from, how politely, and what is kept.
struct FetchOptions: ParsableArguments {
    // Unset options fall back to the environment, the config file, then the default
    // (`cpvanity config show`).
    @Option(name: .customLong("base-url"), help: ArgumentHelp("Fetch from this host instead of the pack's (a mirror, the local fixture-site).", valueName: "url"))
    var baseURLOption: String?

    @Option(name: .customLong("concurrency"), parsing: .unconditional, help: ArgumentHelp("Requests in flight at once, across all hosts (default 8).", valueName: "n"))
    var concurrencyOption: Int?

    @Option(name: .customLong("rate"), parsing: .unconditional, help: ArgumentHelp("Requests started per second per host (default 4; 0: no limit, for your own mirror only).", valueName: "per-second"))
    var rateOption: Double?

    @Option(name: .customLong("retries"), parsing: .unconditional, help: ArgumentHelp("Retries after a 5xx, 429, timeout or connection error, with exponential backoff (default 3).", valueName: "n"))
    var retriesOption: Int?

    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds one request may take in all (default 30).", valueName: "seconds"))
    var timeoutOption: Double?

    @Option(name: .customLong("connect-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds to wait for a connection (default 10).", valueName: "seconds"))
    var connectTimeoutOption: Double?

    var baseURL: String? { baseURLOption ?? Settings.shared.text("base_url") }
    var concurrency: Int { concurrencyOption ?? Settings.shared.integer("concurrency") ?? 8 }
    var rate: Double { rateOption ?? Settings.shared.number("rate") ?? 4 }
    var retries: Int { retriesOption ?? Settings.shared.integer("retries") ?? 3 }
    var timeout: Double { timeoutOption ?? Settings.shared.number("timeout") ?? 30 }
    var connectTimeout: Double { connectTimeoutOption ?? Settings.shared.number("connect_timeout") ?? 10 }

    @Flag(name: .long, help: "Fetch pages even where the site's robots.txt disallows them.")
    var ignoreRobots = false

    @Option(name: .long, help: ArgumentHelp("Write every fetched page to DIR as <source>-<id>.html (what 'patterns check --fixtures' reads).", valueName: "dir"), completion: .directory)
    var savePages: String?

    @Option(name: .customLong("cache"), help: ArgumentHelp("Keep pages in DIR and revalidate them (ETag/Last-Modified) on the next lookup (config: cache = true for $XDG_CACHE_HOME/cpvanity).", valueName: "dir"), completion: .directory)
    var cacheOption: String?

    var cache: String? { cacheOption ?? Settings.shared.cacheDirectory() }

    @Flag(name: [.customShort("v"), .long], help: "Trace every HTTP request on stderr: the URL, its status or failure, its time and size, retries and waits.")
    var verbose = false

    @Flag(name: [.customShort("q"), .long], help: "Print only errors (and markup drift) on stderr: no progress, warnings or summaries.")
    var quiet = false

    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet ask for opposite things; give one.") }
        Verbosity.setQuiet(quiet)
        guard (1...1_000).contains(concurrency) else {
            throw ValidationError("--concurrency must be from 1 to 1000 requests at once, not \(concurrency).")
        }
        guard rate.isFinite, rate == 0 || (0.001...1_000).contains(rate) else {
            throw ValidationError("--rate must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not \(rate).")
        }
        guard (0...100).contains(retries) else { throw ValidationError("--retries must be from 0 to 100, not \(retries).") }
        for (name, seconds) in [("--timeout", timeout), ("--connect-timeout", connectTimeout)] {
            guard seconds.isFinite, (0.001...86_400).contains(seconds) else {
                throw ValidationError("\(name) must be from 0.001 to 86400 seconds, not \(seconds).")
            }
        }
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw ValidationError("--base-url must be an http(s) URL such as http://127.0.0.1:8080, not '\(baseURL)'.")
            }
        }
    }

    /// The lookup machinery these options describe, or a message and exit 2.
    /// The HTTP trace (`--verbose`) or nothing.
    var logger: Logger {
        var logger = Logger(label: "cpvanity.http", factory: { label in
            verbose ? StreamLogHandler.standardError(label: label) as any LogHandler : SwiftLogNoOpLogHandler()
        })
        logger.logLevel = verbose ? .debug : .critical
        return logger
    }

    /// A lookup that reads only from a web archive, and its reader: the captures
    /// nearest `asOf` (`--as-of`), or those a backfill names.
    func makeArchiveLookup(pack: SitePack, archive: ArchiveOptions, asOf: DateInterval? = nil) throws -> (MemberLookup, ArchiveReader) {
        if let savePages { try OutputDirectory.prepare(savePages, label: "--save-pages \(savePages)") }
        let reader = try archive.reader(pack: pack, fetch: self, asOf: asOf)
        return (MemberLookup(pack: pack, fetcher: reader.fetcher, baseURL: baseURL, savePagesTo: savePages, archive: reader), reader)
    }

    /// `archive`: members are read from a web archive (`--as-of`), not the site.
    func makeLookup(pack: SitePack, archive: ArchiveOptions? = nil) throws -> MemberLookup {
        if let archive, let period = archive.period { return try makeArchiveLookup(pack: pack, archive: archive, asOf: period).0 }
        if let cache { try OutputDirectory.prepare(cache, label: "--cache \(cache)") }
        if let savePages { try OutputDirectory.prepare(savePages, label: "--save-pages \(savePages)") }
        var cacheStore: ResponseCache?
        do {
            if let cache { cacheStore = try ResponseCache(directory: cache) }
        } catch {
            Diagnostics.error("\(error)")
            throw ExitStatus.badInput
        }
        // Keep a connection per request in flight, so none is closed and reopened.
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: connectTimeout, timeout: timeout,
                                                           connectionCacheSize: max(32, concurrency)))
        let policy = FetchPolicy(concurrency: concurrency, ratePerHost: rate, retries: retries, respectRobots: !ignoreRobots)
        let fetcher = PageFetcher(client: client, policy: policy, cache: cacheStore, logger: logger)
        return MemberLookup(pack: pack, fetcher: fetcher, baseURL: baseURL, savePagesTo: savePages)
    }
}

import Foundation
import Logging
import Lookup
import Packs
import Scraper

/// The objects fetching is done with, made from the settings in one place: the
/// command line builds none of them.
extension FetchSettings {
    /// A lookup of `pack`'s members on the site, or (with `archive.asOf`) in a web archive.
    public func lookup(pack: SitePack, archive: ArchiveSettings? = nil) throws(AppError) -> MemberLookup {
        if let archive, archive.asOf != nil { return try archiveLookup(pack: pack, archive: archive).lookup }
        if let savePagesTo { try OutputDirectory.prepare(savePagesTo, role: .savePages) }
        var lookup = MemberLookup(pack: pack, fetcher: try siteFetcher(), baseURL: baseURL, savePagesTo: savePagesTo)
        lookup.quotesPatternsWhole = Console.verbosity == .verbose
        return lookup
    }

    /// The site's polite fetcher: its pace, robots.txt, retries, the page cache.
    public func siteFetcher() throws(AppError) -> PageFetcher {
        var cache: ResponseCache?
        if let cacheDirectory {
            try OutputDirectory.prepare(cacheDirectory, role: .cache)
            do {
                cache = try ResponseCache(directory: cacheDirectory)
            } catch {
                throw .unusableDirectory(.cache, path: cacheDirectory, reason: "\(error)")
            }
        }
        // A connection per request in flight, so none is closed and reopened.
        let client = HTTPClient(options: HTTPClientOptions(connectTimeout: connectTimeout, timeout: timeout,
                                                           connectionCacheSize: max(32, concurrency), proxy: proxy))
        var policy = FetchPolicy(concurrency: concurrency, ratePerHost: rate, retries: retries, respectRobots: respectRobots)
        // A site's pace is the machine's too (no pace, a replica of one's own, needs no booking).
        if rate > 0 { policy.sharedBudget = budgetDirectory.map { SharedBudget(directory: $0, lane: "site") } }
        return PageFetcher(client: client, policy: policy, cache: cache, robots: RobotsCache(keptIn: budgetDirectory),
                           logger: Console.logger("cpvanity.http"), silence: FetchSettings.silence)
    }

    /// On a terminal, a request that waits for its answer says so on the progress line.
    static var silence: SilenceNotice? {
        guard Console.isTerminal else { return nil }
        return SilenceNotice { line in
            if let line { Console.progress(line) } else { Console.clearProgress() }
        }
    }

    /// A lookup that reads only from a web archive, and its reader: the captures
    /// nearest `archive.asOf`, or those a backfill names.
    public func archiveLookup(pack: SitePack, archive: ArchiveSettings) throws(AppError) -> (lookup: MemberLookup, reader: ArchiveReader) {
        if let savePagesTo { try OutputDirectory.prepare(savePagesTo, role: .savePages) }
        let reader = try archiveReader(pack: pack, archive: archive)
        var lookup = MemberLookup(pack: pack, fetcher: reader.fetcher, baseURL: baseURL, savePagesTo: savePagesTo, archive: reader)
        lookup.quotesPatternsWhole = Console.verbosity == .verbose
        return (lookup, reader)
    }

    /// The archive's reader, with its own fetcher: the archive's pace, one connection
    /// (the pack's `[archive]`), its User-Agent naming the tool, and captures kept for
    /// good in the cache.
    private func archiveReader(pack: SitePack, archive: ArchiveSettings) throws(AppError) -> ArchiveReader {
        let spec = pack.archive
        if let index = archive.index, (index == .cdx ? spec.cdx : spec.timeMap) == nil {
            throw .archiveIndexMissing(index: index.rawValue, pack: pack.name, file: pack.file, other: index == .cdx ? "timemap" : "cdx")
        }
        // Two budgets, two fetchers: the index's and the captures', each paced as the
        // archive publishes (--archive-rate sets both, for another arrangement); one
        // robots.txt between them.
        let robots = RobotsCache(keptIn: budgetDirectory)
        func fetcher(rate: Double, concurrency: Int, lane: String) -> PageFetcher {
            let client = HTTPClient(options: HTTPClientOptions(userAgent: spec.userAgent, connectTimeout: connectTimeout, timeout: timeout,
                                                               connectionCacheSize: max(4, concurrency), proxy: proxy))
            var policy = FetchPolicy(concurrency: concurrency, ratePerHost: rate, retries: retries, respectRobots: respectRobots)
            policy.pauseOn429 = spec.pauseAfter429
            policy.sharedBudget = budgetDirectory.map { SharedBudget(directory: $0, lane: lane) }
            return PageFetcher(client: client, policy: policy, robots: robots, logger: Console.logger("cpvanity.http"), silence: FetchSettings.silence)
        }
        // Captures kept for good in the cache (--cache), else for a day beside the
        // budgets, as index answers are: a run stopped midway loses nothing it read.
        let recent = budgetDirectory.map { ($0 as NSString).appendingPathComponent("archive") }
        var captureCache = recent.flatMap { try? ResponseCache(directory: ($0 as NSString).appendingPathComponent("captures"), keepingFor: FetchSettings.archiveAnswersKept) }
        if let cacheDirectory {
            try OutputDirectory.prepare(cacheDirectory, role: .cache)
            captureCache = try? ResponseCache(directory: (cacheDirectory as NSString).appendingPathComponent("archive"))
        }
        let indexCache = recent.flatMap { try? ResponseCache(directory: ($0 as NSString).appendingPathComponent("index"), keepingFor: FetchSettings.archiveAnswersKept) }
        let reader = ArchiveReader(spec: spec, base: archive.base, index: archive.index,
                                   fetcher: fetcher(rate: archive.rate ?? spec.playbackRate, concurrency: spec.concurrency, lane: "playback"),
                                   indexFetcher: fetcher(rate: archive.rate ?? spec.indexRate, concurrency: ArchiveSpec.indexConcurrency, lane: "index"),
                                   asOf: archive.asOf, maxSkew: archive.maxSkew, captureCache: captureCache, indexCache: indexCache)
        reader.activity.onNote { Diagnostics.warning($0) }
        return reader
    }

    /// How long the archive's answers are kept without `--cache`: long enough for a
    /// stopped run to be run again, short enough that a listing is not stale.
    static let archiveAnswersKept: TimeInterval = 86_400
}

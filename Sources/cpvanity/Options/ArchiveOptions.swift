import App
import Archive
import ArgumentParser
import Foundation
import Logging
import Lookup
import Packs
import Scraper

extension ArchiveReader.Index: ExpressibleByArgument {}

/// Reading members from a web archive: `--as-of` and the archive's own options.
struct ArchiveOptions: ParsableArguments {
    @Option(name: .customLong("as-of"), help: ArgumentHelp(
        "Read members as a web archive shows them then: 2014, 2014-01, 2014-01-10 or an ISO 8601 time (the capture nearest its start).",
        valueName: "date"))
    var asOf: String?

    @Option(name: .long, help: ArgumentHelp("The web archive to ask (default: the pack's [archive], the Wayback Machine).", valueName: "url"))
    var archive: String?

    @Option(name: .customLong("archive-index"), help: ArgumentHelp("How to list captures: cdx (a CDX server) or timemap (Memento, RFC 7089).", valueName: "kind"))
    var archiveIndex: ArchiveReader.Index?

    @Option(name: .customLong("archive-rate"), parsing: .unconditional, help: ArgumentHelp(
        "Requests a second to the archive (default: the pack's, 1: an archive is a shared public service).", valueName: "per-second"))
    var archiveRate: Double?

    @Option(name: .customLong("max-skew"), help: ArgumentHelp(
        "Refuse a member whose pages were captured further apart than this (90m, 36h, 2d).", valueName: "duration"))
    var maxSkew: String?

    /// The period `--as-of` names.
    var period: DateInterval? { asOf.flatMap(ArchiveDates.period) }

    func validate() throws {
        if let asOf, ArchiveDates.period(asOf) == nil {
            throw ValidationError("--as-of takes a date like 2014, 2014-01, 2014-01-10 or 2014-01-10T09:30:00Z (from 1990 on), not '\(asOf)'.")
        }
        if let maxSkew, ArchiveDates.duration(maxSkew) == nil {
            throw ValidationError("--max-skew takes a duration like 90m, 36h or 2d (more than 0, at most ten years), not '\(maxSkew)'.")
        }
        if let archive, URL(string: archive)?.scheme.map({ ["http", "https"].contains($0.lowercased()) }) != true {
            throw ValidationError("--archive takes an http(s) URL such as https://web.archive.org, not '\(archive)'.")
        }
        if let archiveRate, !(archiveRate.isFinite && archiveRate >= 0.001 && archiveRate <= 100) {
            throw ValidationError("--archive-rate must be from 0.001 to 100 requests a second, not \(archiveRate).")
        }
    }

    /// The archive's reader, with its own fetcher: the archive's pace, one connection
    /// (the pack's `[archive]`), its User-Agent naming the tool, and captures kept
    /// for good in the cache.
    func reader(pack: SitePack, fetch: FetchOptions, asOf: DateInterval?) throws -> ArchiveReader {
        let spec = pack.archive
        if let archiveIndex, (archiveIndex == .cdx ? spec.cdx : spec.timeMap) == nil {
            Diagnostics.error("--archive-index \(archiveIndex.rawValue): the \(pack.name) pack's [archive] has no \(archiveIndex.rawValue) endpoint; add one to \(pack.file), or use --archive-index \(archiveIndex == .cdx ? "timemap" : "cdx")")
            throw ExitStatus.badInput
        }
        let client = HTTPClient(options: HTTPClientOptions(userAgent: spec.userAgent, connectTimeout: fetch.connectTimeout, timeout: fetch.timeout))
        // The archive's own 429s come without Retry-After: then it is left alone a few
        // seconds, not the half second of a retry's backoff.
        var policy = FetchPolicy(concurrency: spec.concurrency, ratePerHost: archiveRate ?? spec.rate, retries: max(fetch.retries, 3),
                                 respectRobots: !fetch.ignoreRobots)
        policy.busyWait = ArchiveReader.busyWait
        var captureCache: ResponseCache?
        if let cache = fetch.cache {
            try OutputDirectory.prepare(cache, label: "--cache \(cache)")
            captureCache = try? ResponseCache(directory: (cache as NSString).appendingPathComponent("archive"))
        }
        return ArchiveReader(spec: spec, base: archive, index: archiveIndex, fetcher: PageFetcher(client: client, policy: policy, logger: fetch.logger),
                             asOf: asOf, maxSkew: maxSkew.flatMap(ArchiveDates.duration), captureCache: captureCache)
    }
}

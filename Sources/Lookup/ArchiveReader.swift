import Archive
import Extraction
import Foundation
import Packs
import Scraper

/// Reads a member's pages from a web archive: lists a page's captures (CDX or
/// TimeMap, as the pack's `[archive]` says), and fetches a capture's original bytes.
/// Its fetcher is the archive's own, paced as the archive asks.
public struct ArchiveReader: Sendable {
    public enum Index: String, Sendable, CaseIterable {
        case cdx
        case timemap
    }

    public let spec: ArchiveSpec
    /// The archive's base URL (`--archive`, else the pack's).
    public let base: String
    public let index: Index
    public let fetcher: PageFetcher
    /// For `--as-of`: the period whose captures are read (a day, a month, a year).
    public let asOf: DateInterval?
    /// The most two pages of one member may have been captured apart (`--max-skew`).
    public let maxSkew: TimeInterval?
    /// Captures kept for good (`--cache`): a capture never changes, so a kept one is
    /// never asked for again.
    public let captureCache: ResponseCache?

    public init(spec: ArchiveSpec, base: String? = nil, index: Index? = nil, fetcher: PageFetcher, asOf: DateInterval? = nil,
                maxSkew: TimeInterval? = nil, captureCache: ResponseCache? = nil) {
        self.spec = spec
        self.base = base ?? spec.base
        self.index = index ?? (spec.cdx != nil ? .cdx : .timemap)
        self.fetcher = fetcher
        self.asOf = asOf
        self.maxSkew = maxSkew
        self.captureCache = captureCache
    }

    /// The captures of the site's page at `original`, oldest first; `from` and `to`
    /// are timestamp prefixes (`2008`, `201401`) or empty.
    public func captures(of original: String, source: String, from: String = "", to: String = "") async -> Result<[Capture], MemberError> {
        // The pack declares at least one; `--archive-index` is checked against it.
        let template = (index == .cdx ? spec.cdx : spec.timeMap) ?? ""
        let url = ArchiveSpec.fill(template, archive: base, url: original, from: from, to: to)
        switch await fetcher.fetch(url) {
        case .success(let response) where response.status == 404 && index == .timemap:
            // A TimeMap server says "no captures" with a 404.
            return .success([])
        case .success(let response) where (200..<300).contains(response.status):
            do throws(ArchiveError) {
                var found = index == .cdx ? try CaptureIndex.cdx(response.body, url: url) : try CaptureIndex.timeMap(response.body, url: url)
                if index == .timemap {
                    // A TimeMap lists every capture; the range is kept here.
                    found = found.filter { within($0.timestamp.description, from: from, to: to) }
                }
                return .success(found)
            } catch {
                return .failure(MemberError(kind: .archive, source: source, url: url, message: error.description))
            }
        case .success(let response):
            return .failure(MemberError(kind: .archive, source: source, url: url, status: response.status,
                                        message: "the archive's index answered HTTP \(response.status)"))
        case .failure(let error):
            return .failure(MemberError(kind: .archive, source: source, url: url, message: "the archive could not be reached: \(error)"))
        }
    }

    private func within(_ timestamp: String, from: String, to: String) -> Bool {
        (from.isEmpty || timestamp >= from.padding(toLength: 14, withPad: "0", startingAt: 0))
            && (to.isEmpty || timestamp <= to.padding(toLength: 14, withPad: "9", startingAt: 0))
    }

    /// The raw capture's URL: the page as the site sent it, without the archive's banner.
    public func url(of capture: Capture) -> String {
        ArchiveSpec.fill(spec.capture, archive: base, url: capture.original, timestamp: capture.timestamp.description)
    }

    /// One capture's page (`number`: which page of its source). A redirect or an error
    /// status is an `archive` error, not a page.
    public func page(_ capture: Capture, source: String, number: Int = 1) async -> Result<Page, MemberError> {
        let url = url(of: capture)
        if let kept = captureCache?.entry(for: url) {
            return .success(Page(source: source, bytes: kept.body, charset: kept.contentType.flatMap(HTTPResponse.charset), origin: url, number: number))
        }
        switch await fetcher.fetch(url, followingRedirects: false) {
        case .success(let response) where (200..<300).contains(response.status):
            captureCache?.store(response, unchanging: true)
            return .success(Page(source: source, bytes: response.body, charset: response.charset, origin: url, number: number))
        case .success(let response) where (300..<400).contains(response.status):
            return .failure(MemberError(kind: .archive, source: source, url: url, status: response.status,
                                        message: ArchiveError.redirect(capture: url, location: response.headers["location"]).description))
        case .success(let response):
            return .failure(MemberError(kind: .archive, source: source, url: url, status: response.status,
                                        message: ArchiveError.errorCapture(capture: url, status: response.status).description))
        case .failure(let error):
            return .failure(MemberError(kind: .archive, source: source, url: url, message: "the archive could not be reached: \(error)"))
        }
    }

    /// The capture of `original` nearest `time` (a further page of a source, read as near
    /// its first page's capture as the archive has it).
    public func capture(nearest time: Date, of original: String, source: String) async -> Result<Capture, MemberError> {
        switch await captures(of: original, source: source) {
        case .failure(let error):
            return .failure(error)
        case .success(let all):
            guard let nearest = CaptureChoice.closest(to: time, in: all) else {
                return .failure(MemberError(kind: .archive, source: source, url: original,
                                            message: "the archive has no capture of \(original), a further page of the \(source) list"))
            }
            return .success(nearest)
        }
    }

    /// The capture nearest the start of `period` (`--as-of 2014-01`: January 2014);
    /// a period wholly before the first capture is an error naming the first
    /// capture's day, not a capture years later.
    public func capture(nearest period: DateInterval, of original: String, source: String) async -> Result<Capture, MemberError> {
        switch await captures(of: original, source: source) {
        case .failure(let error):
            return .failure(error)
        case .success(let all):
            guard let first = all.first, first.time < period.end, let nearest = CaptureChoice.closest(to: period.start, in: all) else {
                let error = ArchiveError.noCapture(url: original, before: period.start, first: all.first?.time)
                return .failure(MemberError(kind: .archive, source: source, url: original, message: error.description))
            }
            return .success(nearest)
        }
    }
}

import Archive
import Extraction
import Foundation
import Packs
import PageText
import Scraper

/// Reads a member's pages from a web archive, as the real archive answers: lists a
/// page's captures (a CDX index, paged by resume keys, or a TimeMap), and fetches a
/// capture's original bytes, following the archive's own redirects to the capture it
/// has and telling its answers (blocked, excluded, not archived, busy) from the site's
/// recorded ones. Its fetcher is the archive's own, paced as the archive asks.
public struct ArchiveReader: Sendable {
    public enum Index: String, Sendable, CaseIterable {
        case cdx
        case timemap
    }

    public let spec: ArchiveSpec
    /// The archive's base URL (`--archive`, else the pack's).
    public let base: String
    public let index: Index
    /// Captures' fetcher, paced by the archive's playback budget.
    public let fetcher: PageFetcher
    /// The index's fetcher (CDX searches, TimeMaps), paced by its own, smaller budget.
    public let indexFetcher: PageFetcher
    /// For `--as-of`: the period whose captures are read (a day, a month, a year).
    public let asOf: DateInterval?
    /// The most two pages of one member may have been captured apart (`--max-skew`).
    public let maxSkew: TimeInterval?
    /// Captures kept (for good with `--cache`, else for a day): a capture never
    /// changes, so a kept one is never asked for again, and a run stopped midway loses
    /// none it read.
    public let captureCache: ResponseCache?
    /// Index answers kept for a day: a run stopped midway (the index's pace is slow)
    /// lists the same captures again without asking.
    public let indexCache: ResponseCache?
    /// What this reader has done so far, for a progress line.
    public let activity = ArchiveActivity()

    /// No request of either kind starts from now on (Ctrl-C, an outage, the archive's 429s).
    public func stopStartingRequests() {
        fetcher.stopStartingRequests()
        indexFetcher.stopStartingRequests()
    }

    /// Why the archive's requests stopped of their own accord (its 429s went on after a
    /// pause); nil while they have not.
    public var refusal: String? { fetcher.refusal ?? indexFetcher.refusal }

    /// True once either fetcher stopped starting requests.
    public var isStopping: Bool { fetcher.isStopping || indexFetcher.isStopping }

    /// The most index pages read for one URL (a page captured a million times).
    public static let mostIndexPages = 200
    /// The most redirects of the archive's own followed for one capture.
    public static let mostArchiveRedirects = 5

    /// `indexFetcher`: the index's own, when its budget is not the captures' (the
    /// Wayback Machine's); by default the one fetcher does both.
    public init(spec: ArchiveSpec, base: String? = nil, index: Index? = nil, fetcher: PageFetcher, indexFetcher: PageFetcher? = nil,
                asOf: DateInterval? = nil, maxSkew: TimeInterval? = nil, captureCache: ResponseCache? = nil, indexCache: ResponseCache? = nil) {
        self.spec = spec
        self.base = base ?? spec.base
        self.index = index ?? (spec.cdx != nil ? .cdx : .timemap)
        self.fetcher = fetcher
        self.indexFetcher = indexFetcher ?? fetcher
        self.asOf = asOf
        self.maxSkew = maxSkew
        self.captureCache = captureCache
        self.indexCache = indexCache
    }

    /// The captures of the site's page at `original` that may hold the page (a 2xx or
    /// a revisit, `-`; not the site's redirects and errors), oldest first; `from` and
    /// `to` are timestamp prefixes (`2008`, `201401`) or empty.
    /// `listed` hears the captures listed so far after each of the index's pages (in
    /// time order, as the index lists them), before the listing is whole: a backfill
    /// reads a period's captures while the index lists later ones.
    public func captures(of original: String, source: String, from: String = "", to: String = "",
                         listed: @Sendable ([Capture]) -> Void = { _ in }) async -> Result<[Capture], MemberError> {
        await allCaptures(of: original, source: source, from: from, to: to, listed: { listed($0.filter(\.mayBeThePage)) })
            .map { $0.filter(\.mayBeThePage) }
    }

    /// Every capture the index lists, the site's redirects and errors too.
    func allCaptures(of original: String, source: String, from: String = "", to: String = "",
                     listed: @Sendable ([Capture]) -> Void = { _ in }) async -> Result<[Capture], MemberError> {
        index == .cdx ? await cdxCaptures(of: original, source: source, from: from, to: to, listed: listed)
            : await timeMapCaptures(of: original, source: source, from: from, to: to)
    }

    private func cdxCaptures(of original: String, source: String, from: String, to: String,
                             listed: @Sendable ([Capture]) -> Void) async -> Result<[Capture], MemberError> {
        let first = ArchiveSpec.fill(spec.cdx ?? "", archive: base, url: original, from: from, to: to)
        let query = URLComponents(string: first)?.queryItems ?? []
        let json = query.contains { $0.name == "output" && $0.value == "json" }
        let fields = query.first { $0.name == "fl" }?.value.map { $0.split(separator: ",").map(String.init) } ?? CDXAnswer.defaultFields
        var captures = [Capture]()
        var url = first
        var keys = Set<String>(), seen = Set<String>()
        for number in 1...ArchiveReader.mostIndexPages {
            let page = await indexAnswer(url, original: original, source: source) { body throws(ArchiveError) in
                json ? try CDXAnswer.json(body, url: url) : try CDXAnswer.text(body, url: url, fields: fields)
            }
            guard case .success(let answer) = page else { return page.map { _ in [] } }
            // A row under the crawler's form of the page (`http://host:80/...`) is asked for
            // in the form asked here: the archive serves it without a redirect of its own.
            let rows = answer.captures.map { row in
                row.original.isEmpty || ArchiveReader.sameResource(row.original, original)
                    ? Capture(timestamp: row.timestamp, original: original, status: row.status, revisit: row.revisit) : row
            }
            let new = rows.filter { seen.insert($0.timestamp.description + " " + $0.original).inserted }
            captures += new
            listed(unique(captures))
            // A page with no rows ends the list, whatever key came before it.
            guard let key = answer.resumeKey, !key.isEmpty, !answer.captures.isEmpty else { break }
            // An index that sends a key it sent before, or a page of rows it listed
            // already, would page on at its slow pace to the cap: the listing ends here.
            let listed = "\(captures.count) capture\(captures.count == 1 ? "" : "s") listed"
            guard keys.insert(key).inserted else {
                activity.note("the archive's index sent the same resume key twice for \(original) (page \(number)); the listing ends there, \(listed)")
                break
            }
            guard !new.isEmpty else {
                activity.note("the archive's index sent a page of captures it had listed already for \(original) (page \(number)); the listing ends there, \(listed)")
                break
            }
            url = first + "&resumeKey=" + (key.addingPercentEncoding(withAllowedCharacters: ArchiveReader.queryValue) ?? key)
        }
        return .success(unique(captures))
    }

    private func timeMapCaptures(of original: String, source: String, from: String, to: String) async -> Result<[Capture], MemberError> {
        let url = ArchiveSpec.fill(spec.timeMap ?? "", archive: base, url: original, from: from, to: to)
        // A TimeMap lists every capture; the range is kept here. A bare 404 is "no captures".
        return await indexAnswer(url, original: original, source: source, bare404: []) { body throws(ArchiveError) in
            unique(try CaptureIndex.timeMap(body, url: url).filter { within($0.timestamp.description, from: from, to: to) })
        }
    }

    /// An index's answer read by `parse`; its errors, the archive's refusals and a network
    /// failure said for the user. `bare404`: what a 404 that is not the archive's "not
    /// archived" page means, when it means something.
    private func indexAnswer<Answer>(_ url: String, original: String, source: String, bare404: Answer? = nil,
                                     _ parse: ([UInt8]) throws(ArchiveError) -> Answer) async -> Result<Answer, MemberError> {
        if let kept = indexCache?.entry(for: url), let answer = try? parse(kept.body) {
            activity.indexPage(kept: true)
            return .success(answer)
        }
        let fetched = await indexFetcher.fetch(url)
        if case .success = fetched { activity.indexPage(kept: false) }
        if case .success(let response) = fetched, response.status == 404, let empty = bare404,
           CaptureAnswer.classify(status: 404, headers: response.headers, body: response.body) != .notArchived {
            return .success(empty)
        }
        switch fetched {
        case .success(let response) where (200..<300).contains(response.status):
            do throws(ArchiveError) {
                let answer = try parse(response.body)
                // Kept once it reads: an archive's busy page in a 200 is not kept for a day.
                indexCache?.store(response, unchanging: true)
                return .success(answer)
            } catch {
                return .failure(MemberError(kind: .archive, source: source, url: url, message: error.description))
            }
        case .success(let response):
            return .failure(indexFailure(response, url: url, original: original, source: source))
        case .failure(let error):
            return .failure(MemberError(kind: .archive, source: source, url: url, message: "the archive could not be reached: \(error)",
                                        noAnswer: error.isNoAnswer))
        }
    }

    /// What an index's error answer means for the user: blocked, busy, or the archive's status.
    private func indexFailure(_ response: HTTPResponse, url: String, original: String, source: String) -> MemberError {
        let error: ArchiveError
        switch CaptureAnswer.classify(status: response.status, headers: response.headers, body: response.body) {
        case .blockedSite: error = .blocked(archive: base, page: original, robots: false)
        case .blockedByRobots: error = .blocked(archive: base, page: original, robots: true)
        case .busy: error = .busy(archive: base, page: original)
        case .excluded: error = .excluded(archive: base, page: original)
        case .notArchived: error = .notArchived(archive: base, page: original)
        default:
            return MemberError(kind: .archive, source: source, url: url, status: response.status,
                               message: "the archive's index answered HTTP \(response.status)", archiveCause: ArchiveReader.cause(response.status))
        }
        return MemberError(kind: .archive, source: source, url: url, status: response.status, message: error.description,
                           archiveCause: ArchiveReader.cause(response.status))
    }

    /// Busy (429, 503): asking more slowly may help; nil for any other status.
    static func cause(_ status: Int) -> MemberError.ArchiveCause? {
        [429, 503].contains(status) ? .busy : nil
    }

    /// The same page in another URL form: scheme, default port and letter case of the
    /// host aside (`http://www.codeproject.com:80/x` is `https://www.codeproject.com/x`).
    static func sameResource(_ a: String, _ b: String) -> Bool {
        guard let x = URLComponents(string: a), let y = URLComponents(string: b) else { return false }
        func port(_ parts: URLComponents) -> Int? { [80, 443].contains(parts.port ?? 80) ? nil : parts.port }
        return x.host?.lowercased() == y.host?.lowercased() && port(x) == port(y)
            && x.percentEncodedPath == y.percentEncodedPath && x.percentEncodedQuery == y.percentEncodedQuery
    }

    /// One capture of each moment (the same capture twice, under http and https or
    /// from two index pages, counts once), in time order.
    private func unique(_ captures: [Capture]) -> [Capture] {
        var seen = Set<String>()
        return captures.sorted { $0.timestamp < $1.timestamp }.filter { seen.insert($0.timestamp.description + " " + $0.original).inserted }
    }

    private func within(_ timestamp: String, from: String, to: String) -> Bool {
        (from.isEmpty || timestamp >= from.padding(toLength: 14, withPad: "0", startingAt: 0))
            && (to.isEmpty || timestamp <= to.padding(toLength: 14, withPad: "9", startingAt: 0))
    }

    /// The raw capture's URL: the memento URI an index gave (as `id_`), else the pack's
    /// capture template: the page as the site sent it, without the archive's banner.
    public func url(of capture: Capture) -> String {
        if let memento = capture.memento { return CaptureIndex.rawMemento(memento) }
        return ArchiveSpec.fill(spec.capture, archive: base, url: capture.original, timestamp: capture.timestamp.description)
    }

    static let queryValue: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()
}

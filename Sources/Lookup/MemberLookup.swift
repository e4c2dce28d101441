import Archive
import Extraction
import Foundation
import Packs
import Scraper

/// Looks members up: every source page of a member fetched at once, the rules
/// applied, failures kept per member so one bad member never stops the rest.
public struct MemberLookup: Sendable {
    public let pack: SitePack
    public let fetcher: PageFetcher
    public let baseURL: String
    /// When set, every fetched page is written here, named as `SavedPageName` says.
    public let savePagesTo: String?
    /// When set (with its `asOf`), members are read from a web archive as they were
    /// then, not from the site.
    public let archive: ArchiveReader?
    private let extractor: Extractor

    public init(pack: SitePack, fetcher: PageFetcher, baseURL: String? = nil, savePagesTo: String? = nil, archive: ArchiveReader? = nil) {
        self.pack = pack
        self.fetcher = fetcher
        self.baseURL = baseURL ?? pack.baseURL
        self.savePagesTo = savePagesTo
        self.archive = archive
        // Links on the pages are made absolute without the base's user and password.
        extractor = Extractor(pack: pack, baseURL: URLCredentials.stripped(self.baseURL))
    }

    /// `sources` limits which pages are fetched (all of the pack's by default).
    public func lookup(_ id: String, sources names: [String]? = nil) async -> MemberRecord {
        let fetched = await fetch(id, sources: names)
        return await offload { record(of: fetched) }
    }

    /// A member's pages as fetched, and what went wrong fetching them.
    struct Fetched: Sendable {
        let id: String
        let fetchedAt: Date
        var urls: [(name: String, url: String)]
        var pages: [Page]
        var errors: [MemberError]
        /// What a user should know though nothing failed (a list cut at max_pages).
        var warnings: [String] = []
        /// For an archived lookup, the capture each source was read from.
        var captures: [String: Capture] = [:]
        /// A page was never requested because the run was stopped: the member is
        /// left for the next run rather than reported half-fetched.
        var stopped = false
    }

    private func fetch(_ id: String, sources names: [String]?) async -> Fetched {
        if let archive, let period = archive.asOf {
            return await fetchArchived(id, sources: names) { original, source in
                await archive.candidates(nearest: period, of: original, source: source)
            }
        }
        let sources = pack.sources.filter { names?.contains($0.name) ?? true }
        var fetched = Fetched(id: id, fetchedAt: Date(), urls: sources.map { (name: $0.name, url: $0.url(base: baseURL, id: id)) },
                              pages: [], errors: [])
        if let rejected = rejected(id) {
            fetched.errors = [rejected]
            return fetched
        }
        await withTaskGroup(of: NextPages.Result.self) { group in
            for (name, url) in fetched.urls {
                group.addTask { await fetchSource(name, url: url, id: id) }
            }
            for await source in group {
                fetched.pages += source.pages
                fetched.errors += source.errors
                fetched.warnings += source.warnings
                fetched.stopped = fetched.stopped || source.stopped
            }
        }
        fetched.pages.sort { ($0.source, $0.number) < ($1.source, $1.number) }
        return fetched
    }

    /// A source's pages: the first, and those its `next` links lead to, each fetched
    /// through the same politeness (pace, robots.txt, retries).
    private func fetchSource(_ name: String, url: String, id: String) async -> NextPages.Result {
        var result = NextPages.Result()
        switch await fetchPage(name, url: url, id: id, number: 1) {
        case .failure(let failure):
            result.stopped = failure.stopped
            if let error = failure.error { result.errors.append(error) }
        case .success(let first):
            result.pages.append(first.page)
            guard let rule = pack.source(named: name) else { break }
            let further = await NextPages(rule: rule, id: id).follow(from: first.page, at: url) { next, number in
                await fetchPage(name, url: next, id: id, number: number)
            }
            result.pages += further.pages
            result.errors += further.errors
            result.warnings += further.warnings
            result.stopped = further.stopped
        }
        return result
    }

    /// One page, fetched, saved when asked, and checked whole.
    private func fetchPage(_ name: String, url: String, id: String, number: Int) async -> Result<(page: Page, base: String), NextPages.FetchFailure> {
        let result = await fetcher.fetch(url)
        if case .failure(.stopped) = result { return .failure(NextPages.FetchFailure(error: nil, stopped: true)) }
        switch classify(result, source: name, url: url) {
        case .success(let response):
            save(response, as: SavedPageName(source: name, id: id, page: number))
            let page = Page(source: name, bytes: response.body, charset: response.charset, origin: URLCredentials.redacted(url), number: number)
            if let rule = pack.source(named: name), !rule.isComplete(page.utf8) {
                return .failure(NextPages.FetchFailure(error: MemberError(kind: .network, source: name, url: page.origin, message: "the page ends early (\(page.utf8.count) bytes, without \(rule.completePatterns.map { "'\($0)'" }.joined(separator: " or "))): cut short in transit, so it was not read; try again"), stopped: false))
            }
            return .success((page, url))
        case .failure(let error):
            return .failure(NextPages.FetchFailure(error: error, stopped: false))
        }
    }

    /// Why `id` is not looked up at all: it is not one of the site's member IDs.
    func rejected(_ id: String) -> MemberError? {
        pack.idRule.accepts(id) ? nil
            : MemberError(kind: .notFound, message: "'\(id)' is not a \(pack.title) member ID (it must match \(pack.idRule.pattern))")
    }

    func record(of fetched: Fetched) -> MemberRecord {
        let extracted = extractor.extract(fetched.pages)
        // A user and password in --base-url go to the server, not into the record.
        var errors = (fetched.errors + extracted.problems.map(MemberError.init)).map { error in
            MemberError(kind: error.kind, source: error.source, field: error.field, url: error.url.map(URLCredentials.redacted),
                        status: error.status, message: URLCredentials.redacted(error.message), atCrawlTime: error.atCrawlTime)
        }
        errors.sort { ($0.source ?? "", $0.field ?? "") < ($1.source ?? "", $1.field ?? "") }
        var record = MemberRecord(id: fetched.id, site: pack.name, fetchedAt: fetched.fetchedAt,
                                  sources: fetched.urls.map { ($0.name, URLCredentials.redacted($0.url)) }, extracted: extracted, errors: errors)
        record.captures = fetched.captures
        record.warnings = fetched.warnings
        return record
    }

    /// The work a member costs in CPU (extraction, and the caller's rendering) runs on
    /// these threads, not on Swift concurrency's few: those stay free to start the next
    /// request the moment a permit frees, instead of queueing behind a burst of records.
    private static let work = DispatchQueue(label: "cpvanity.lookup.work", qos: .utility, attributes: .concurrent)

    private func offload<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            MemberLookup.work.async { continuation.resume(returning: body()) }
        }
    }

    /// Looks up many members, at most `parallel` at a time, calling `body` as each
    /// finishes (in completion order). Once `shouldStop` says so, no new member is
    /// started; those in flight finish and are reported, so a stop loses nothing.
    /// After `fetcher.stopStartingRequests()`, members with a page that was never
    /// requested are not reported at all: they were not looked up.
    public func lookup(_ ids: [String], sources: [String]? = nil, parallel: Int? = nil,
                       shouldStop: @Sendable () -> Bool = { false }, body: (MemberRecord) -> Void) async {
        await lookup(ids, sources: sources, parallel: parallel, shouldStop: shouldStop, prepare: { $0 }, body: body)
    }

    /// As above, with `prepare` run on each record in parallel, where the member was
    /// looked up (saving it, rendering it), so that `body`, which runs one at a
    /// time, has little left to do.
    public func lookup<Prepared: Sendable>(_ ids: [String], sources: [String]? = nil, parallel: Int? = nil,
                                           shouldStop: @Sendable () -> Bool = { false },
                                           prepare: @escaping @Sendable (MemberRecord) -> Prepared,
                                           body: (Prepared) -> Void) async {
        let width = max(1, parallel ?? fetcher.policy.concurrency.multipliedReportingOverflow(by: 2).partialValue)
        await withTaskGroup(of: Prepared?.self) { group in
            var next = ids.startIndex
            func startNext() {
                let id = ids[next]
                group.addTask {
                    let fetched = await fetch(id, sources: sources)
                    if fetched.stopped { return nil }
                    return await offload { prepare(record(of: fetched)) }
                }
                next += 1
            }
            while next < ids.endIndex && next - ids.startIndex < width && !shouldStop() { startNext() }
            for await prepared in group {
                if let prepared { body(prepared) }
                if next < ids.endIndex && !shouldStop() { startNext() }
            }
        }
    }

    private func classify(_ result: Result<HTTPResponse, FetchError>, source: String, url: String) -> Result<HTTPResponse, MemberError> {
        switch result {
        case .success(let response):
            switch response.status {
            case 200..<300:
                return .success(response)
            case 404, 410:
                return .failure(MemberError(kind: .notFound, source: source, url: url, status: response.status,
                                            message: "the site answered \(response.status): no such member"))
            default:
                return .failure(MemberError(kind: .http, source: source, url: url, status: response.status,
                                            message: "the site answered HTTP \(response.status)"))
            }
        case .failure(let error):
            switch error {
            case .transport(.timeout):
                return .failure(MemberError(kind: .timeout, source: source, url: url, message: error.description))
            case .disallowedByRobots, .crawlDelayTooLong:
                return .failure(MemberError(kind: .robots, source: source, url: url, message: error.description))
            case .retryAfterTooLong(_, let status, _), .robotsUnavailable(_, let status):
                return .failure(MemberError(kind: .http, source: source, url: url, status: status, message: error.description))
            case .transport, .invalidURL, .stopped, .tooManyRedirects:
                return .failure(MemberError(kind: .network, source: source, url: url, message: error.description))
            }
        }
    }

    private func save(_ response: HTTPResponse, as name: SavedPageName) {
        guard let savePagesTo else { return }
        let file = URL(fileURLWithPath: savePagesTo).appendingPathComponent(name.fileName)
        try? Data(response.body).write(to: file, options: .atomic)
    }
}

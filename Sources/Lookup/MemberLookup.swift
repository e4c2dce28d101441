import Archive
import Extraction
import Foundation
import Packs
import Scraper

/// Looks members up: every source page of a member fetched at once, the rules
/// applied, failures kept per member so one bad member never stops the rest.
public struct MemberLookup: Sendable {
    public let pack: SitePack
    /// The site's fetcher; nil when pages are read from disk.
    public let fetcher: PageFetcher?
    public let baseURL: String
    /// When set, every fetched page is written here, named as `SavedPageName` says.
    public let savePagesTo: String?
    /// When set (with its `asOf`), members are read from a web archive as they were
    /// then, not from the site.
    public let archive: ArchiveReader?
    /// Where pages come from when not from an archive.
    private let origin: any PageOrigin
    private var extractor: Extractor

    /// Members read from the site through `fetcher` (or, with `archive`, from a web archive).
    public init(pack: SitePack, fetcher: PageFetcher, baseURL: String? = nil, savePagesTo: String? = nil, archive: ArchiveReader? = nil) {
        self.init(pack: pack, origin: LiveSite(fetcher: fetcher), fetcher: fetcher, baseURL: baseURL, savePagesTo: savePagesTo, archive: archive)
    }

    /// Members read from pages saved in `directory` (`--save-pages`, fixtures), named as
    /// `SavedPageName` says; `baseURL` is what their links are relative to.
    public init(pack: SitePack, savedPagesIn directory: String, baseURL: String? = nil) {
        self.init(pack: pack, origin: SavedPages(directory: directory), fetcher: nil, baseURL: baseURL, savePagesTo: nil, archive: nil)
    }

    private init(pack: SitePack, origin: any PageOrigin, fetcher: PageFetcher?, baseURL: String?, savePagesTo: String?, archive: ArchiveReader?) {
        self.pack = pack
        self.origin = origin
        self.fetcher = fetcher
        self.baseURL = baseURL ?? pack.baseURL
        self.savePagesTo = savePagesTo
        self.archive = archive
        // Links on the pages are made absolute without the base's user and password.
        extractor = Extractor(pack: pack, baseURL: URLCredentials.stripped(self.baseURL))
    }

    /// Problems quote a pattern that did not match whole (`--verbose`), not cut to a line.
    public var quotesPatternsWhole: Bool {
        get { extractor.quotesPatternsWhole }
        set { extractor.quotesPatternsWhole = newValue }
    }

    /// Why the archive's requests stopped of their own accord (its 429s), if they did.
    public var archiveRefusal: String? { archive?.refusal }

    /// From now on no request starts, to the site or the archive: requests under way
    /// finish, members with a page never requested are left out (Ctrl-C, a site down).
    public func stopStartingRequests() {
        fetcher?.stopStartingRequests()
        archive?.stopStartingRequests()
    }

    /// `id` is one of the site's member IDs: the application checks every ID once,
    /// before any lookup (App's `IDValidation`). `sources` limits which pages are
    /// fetched (all of the pack's by default).
    public func lookup(_ id: String, sources names: [String]? = nil) async -> MemberRecord {
        let fetched = await fetch(id, sources: names)
        return await offload { record(of: fetched) }
    }

    /// A member's pages as fetched, and what went wrong fetching them: the member, when,
    /// which URLs, and what reading them gave (`fetched.pages`, `.errors`, `.warnings`,
    /// `.captures`, `.stopped`, `.cut` are the read's own fields).
    @dynamicMemberLookup
    struct Fetched: Sendable {
        let id: String
        let fetchedAt: Date
        var urls: [(name: String, url: String)]
        var read = NextPages.Result()

        init(id: String, sources: [SourceRule], base: String) {
            self.id = id
            fetchedAt = Date()
            urls = sources.map { (name: $0.name, url: $0.url(base: base, id: id)) }
        }

        subscript<Value>(dynamicMember field: WritableKeyPath<NextPages.Result, Value>) -> Value {
            get { read[keyPath: field] }
            set { read[keyPath: field] = newValue }
        }

        mutating func add(_ other: NextPages.Result) { read.merge(other) }
    }

    private func fetch(_ id: String, sources names: [String]?) async -> Fetched {
        if let archive, let period = archive.asOf {
            return await fetchAsOf(id, period: period, sources: names, archive: archive)
        }
        var fetched = Fetched(id: id, sources: sources(names), base: baseURL)
        fetched.add(await MemberPages(pack: pack, origin: origin, savePagesTo: savePagesTo).read(id: id, urls: fetched.urls))
        return fetched
    }

    /// The record of a member left unrequested (the site gave the members before it no
    /// answer, the run was stopped): one error, "not looked up: `why`", nothing read.
    public func notLookedUp(_ id: String, sources names: [String]? = nil, because why: String) -> MemberRecord {
        var fetched = Fetched(id: id, sources: sources(names), base: baseURL)
        fetched.errors = [MemberError(kind: .notLookedUp, message: "not looked up: " + why)]
        return record(of: fetched)
    }

    /// The pack's sources `names` picks (all by default); from a web archive, those it keeps.
    func sources(_ names: [String]?, fromArchive: Bool = false) -> [SourceRule] {
        pack.sources.filter { (names?.contains($0.name) ?? true) && (!fromArchive || $0.archived) }
    }

    func record(of fetched: Fetched) -> MemberRecord {
        let extracted = extractor.extract(fetched.pages, member: fetched.id, cut: fetched.cut)
        // A user and password in --base-url go to the server, not into the record.
        var errors = (fetched.errors + extracted.problems.map(MemberError.init)).map { error in
            error.with(field: error.field, url: error.url.map(URLCredentials.redacted), message: URLCredentials.redacted(error.message))
        }
        errors.sort { ($0.source ?? "", $0.field?.description ?? "") < ($1.source ?? "", $1.field?.description ?? "") }
        var record = MemberRecord(id: fetched.id, site: pack.name, fetchedAt: fetched.fetchedAt,
                                  sources: fetched.urls.map { ($0.name, URLCredentials.redacted($0.url)) }, extracted: extracted, errors: errors)
        record.captures = fetched.captures
        record.warnings = fetched.warnings
        record.pagesRead = fetched.pages.reduce(into: [:]) { $0[$1.source, default: 0] += 1 }
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
        let width = max(1, parallel ?? (fetcher?.policy.concurrency ?? 2).multipliedReportingOverflow(by: 2).partialValue)
        // The site sees the members in the list's order, whichever task runs first.
        let order = RequestOrder()
        await withTaskGroup(of: Prepared?.self) { group in
            var next = ids.startIndex
            func startNext() {
                let id = ids[next], rank = next
                order.enter(rank)
                group.addTask {
                    let fetched = await order.run(rank) { await fetch(id, sources: sources) }
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
}

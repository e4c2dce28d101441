import Feeds
import Foundation
import Packs
import Report
import Scraper

/// `feed show`: a feed of the pack's fetched politely (or a saved one read), parsed.
public struct FeedRun {
    public let pack: SitePack
    public let fetch: FetchSettings

    public init(pack: SitePack, fetch: FetchSettings) {
        self.pack = pack
        self.fetch = fetch
    }

    /// A saved feed (`-`: standard input); a file too large to be a feed is refused
    /// before it is read.
    public static func items(file: String) throws(AppError) -> (items: [FeedItem], origin: String) {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > FeedParser.maxBytes {
                throw .feed(FeedError.tooLarge(origin: file, bytes: size, limit: FeedParser.maxBytes))
            }
            data = try InputFile.read(file, role: .feed)
        }
        let origin = file == "-" ? "<stdin>" : file
        return (try parse(data, origin: origin), origin)
    }

    /// The pack's feed `name` (its `category`, by any unambiguous prefix), fetched.
    public func items(feed name: String, category: String?) async throws(AppError) -> (items: [FeedItem], origin: String) {
        let feed: FeedSpec
        let chosen: FeedSpec.Category?
        do {
            feed = try pack.feed(named: name).get()
            chosen = try feed.category(matching: category).get()
        } catch {
            throw .feedChoice(error)
        }
        let url = feed.url(base: fetch.baseURL ?? pack.baseURL, category: chosen)
        switch await (try fetch.siteFetcher()).fetch(url) {
        case .success(let response) where (200..<300).contains(response.status):
            return (try FeedRun.parse(Data(response.body), origin: url), url)
        case .success(let response):
            throw .fetchFailed(url: url, reason: "answered HTTP \(response.status)")
        case .failure(let error):
            throw .fetchFailed(url: url, reason: "\(error)")
        }
    }

    private static func parse(_ data: Data, origin: String) throws(AppError) -> [FeedItem] {
        do {
            return try FeedParser.parse(data, origin: origin)
        } catch {
            throw .feed(error)
        }
    }

    /// `feed show`: the items (at most the options' limit) in `output`'s format; exit
    /// status 1 when the feed has none.
    public static func show(_ items: [FeedItem], origin: String, output: OutputSettings) throws -> RunOutcome {
        let shown = output.options.limit.map { Array(items.prefix($0)) } ?? items
        try output.write(FeedLists.items(shown))
        if shown.isEmpty { Diagnostics.warning("\(origin) has no items") }
        return RunOutcome(status: shown.isEmpty ? .partialFailure : nil)
    }

    /// `feed list`: the pack's feeds and their categories, in `output`'s format.
    public static func list(_ pack: SitePack, output: OutputSettings) throws {
        if pack.feeds.isEmpty { Diagnostics.info("the \(pack.name) pack declares no feeds") }
        try output.write(FeedLists.feeds(of: pack))
    }
}

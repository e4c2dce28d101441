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
    public static func items(file: String) throws(AppError) -> [FeedItem] {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > FeedParser.maxBytes {
                throw .feed(FeedError.tooLarge(origin: file, bytes: size, limit: FeedParser.maxBytes))
            }
            data = try InputFile.read(file, role: .feed)
        }
        return try parse(data, origin: file == "-" ? "<stdin>" : file)
    }

    /// The pack's feed `name` (its `category`, by any unambiguous prefix), fetched.
    public func items(feed name: String, category: String?) async throws(AppError) -> (items: [FeedItem], url: String) {
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

    /// `feed show`: the items (at most `limit`) in `format`; false when the feed has none.
    public static func show(_ items: [FeedItem], origin: String, limit: Int?, format: ListFormat, options: ReportOptions) -> Bool {
        let shown = limit.map { Array(items.prefix($0)) } ?? items
        Output.write(styled: FeedReport.render(shown, format: format, options: options))
        if shown.isEmpty { Diagnostics.warning("\(origin) has no items") }
        return !shown.isEmpty
    }

    /// `feed list`: the pack's feeds and their categories, in `format` (each format it
    /// names honoured, none written as another).
    public static func list(_ pack: SitePack, format: ListFormat) {
        let rows = pack.feeds.map { feed in
            [feed.name, feed.title, feed.urlTemplate, feed.categories.map(\.name).joined(separator: ", "), feed.defaultCategory ?? ""]
        }
        let header = ["name", "title", "url", "categories", "default_category"]
        switch format {
        case .json, .ndjson:
            let items = pack.feeds.map { feed -> JSONValue in
                .object([("name", .string(feed.name)), ("title", .string(feed.title)), ("url", .string(feed.urlTemplate)),
                         ("categories", .array(feed.categories.map { .object([("name", .string($0.name)), ("id", .string($0.id))]) })),
                         ("default_category", feed.defaultCategory.map { .string($0) } ?? .null)])
            }
            Output.write(format == .json ? JSONValue.array(items).serialized() + "\n" : items.map { $0.serialized(pretty: false) + "\n" }.joined())
        case .csv:
            Output.write(CSVTable.render(header: header, rows: rows))
        case .markdown:
            Output.write(MarkdownTable.render(header: ["name", "title", "url", "categories", "default category"], rows: rows))
        case .table:
            if pack.feeds.isEmpty { Output.write("the \(pack.name) pack declares no feeds\n") }
            for feed in pack.feeds {
                Output.write("\(feed.name)  \(feed.title)\n")
                for category in feed.categories {
                    Output.write("    \(category.name)\(category.name == feed.defaultCategory ? "  (default)" : "")\n")
                }
            }
        }
    }
}

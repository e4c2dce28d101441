import App
import ArgumentParser
import Feeds
import Foundation
import Packs
import Report
import Scraper

struct FeedShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Fetch a feed (or read a saved one) and print its items.",
        discussion: "Exit status 1 when the feed has no items, 2 when it cannot be read."
    )

    @OptionGroup var colorOption: ColorOption
    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions

    @Option(name: .long, help: ArgumentHelp("table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("The category, by name: any case, any unambiguous prefix (\"c#\", \"and\").", valueName: "name"))
    var category: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Show at most N items.", valueName: "n"))
    var limit: Int?

    @Option(name: .long, help: ArgumentHelp("Parse a saved feed instead of fetching one (- for standard input).", valueName: "path"), completion: .file(extensions: ["xml", "rss", "atom"]))
    var file: String?

    @Argument(help: ArgumentHelp("The feed's name in the pack (see: cpvanity feed list).", valueName: "name"))
    var name: String?

    func validate() throws {
        if name == nil && file == nil { throw ValidationError("Name a feed (cpvanity feed list shows them) or give --file PATH.") }
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit).") }
    }

    func run() async throws {
        let (data, origin) = try await load()
        var items: [FeedItem]
        do {
            items = try FeedParser.parse(data, origin: origin)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
        if let limit { items = Array(items.prefix(limit)) }
        let chosen = format ?? Terminal.defaultFormat
        let options = ReportOptions(width: Terminal.columns(), color: colorOption.enabled)
        Output.write(FeedReport.render(items, format: chosen, options: options))
        if items.isEmpty {
            Diagnostics.warning("\(origin) has no items")
            throw ExitStatus.partialFailure
        }
    }

    private func load() async throws -> (Data, String) {
        if let file {
            if file == "-" { return (FileHandle.standardInput.readDataToEndOfFile(), "<stdin>") }
            // Refused before it is read: a feed file of gigabytes is not a feed.
            if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > FeedParser.maxBytes {
                Diagnostics.error(FeedError.tooLarge(origin: file, bytes: size, limit: FeedParser.maxBytes).description)
                throw ExitStatus.badInput
            }
            return (try InputFile.read(file), file)
        }
        let (sitePack, _) = try pack.loadPack()
        let feed: FeedSpec
        let chosenCategory: FeedSpec.Category?
        do {
            feed = try sitePack.feed(named: name ?? "").get()
            chosenCategory = try feed.category(matching: category).get()
        } catch {
            Diagnostics.error("\(error)")
            throw ExitCode.validationFailure
        }
        let url = feed.url(base: fetch.baseURL ?? sitePack.baseURL, category: chosenCategory)
        guard let fetcher = try fetch.makeLookup(pack: sitePack).fetcher else { throw ExitStatus.badInput }
        switch await fetcher.fetch(url) {
        case .success(let response) where (200..<300).contains(response.status):
            return (Data(response.body), url)
        case .success(let response):
            Diagnostics.error("\(url) answered HTTP \(response.status)")
            throw ExitStatus.partialFailure
        case .failure(let error):
            Diagnostics.error("\(url): \(error)")
            throw ExitStatus.partialFailure
        }
    }
}

import App
import ArgumentParser

struct FeedShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Fetch a feed (or read a saved one) and print its items.",
        discussion: "Exit status 1 when the feed has no items, 2 when it cannot be read."
    )

    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup(title: "Output") var output: ListFormatOptions

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
        let written = try output.request(limit: limit).settings()
        let feed = if let file {
            try FeedRun.items(file: file)
        } else {
            try await FeedRun(pack: try pack.load().0, fetch: try fetch.settings()).items(feed: name ?? "", category: category)
        }
        try ErrorAdvice.finish(try FeedRun.show(feed.items, origin: feed.origin, output: written))
    }
}

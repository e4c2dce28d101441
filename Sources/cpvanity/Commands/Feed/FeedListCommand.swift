import App
import ArgumentParser
import Report

struct FeedListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the feeds of a site pack and their categories.")

    @OptionGroup var pack: PackOptions

    @Option(name: .long, help: ArgumentHelp("table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: ListFormat?

    func run() throws {
        let (sitePack, _) = try pack.load()
        FeedRun.list(sitePack, format: format ?? Terminal.defaultListFormat)
    }
}

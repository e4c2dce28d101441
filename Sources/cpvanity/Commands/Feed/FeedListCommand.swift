import App
import ArgumentParser
import Foundation
import Report

struct FeedListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the feeds of a site pack and their categories.")

    @OptionGroup var pack: PackOptions

    @Option(name: .long, help: ArgumentHelp("table or json (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: ListFormat?

    func run() throws {
        let (sitePack, _) = try pack.load()
        switch format ?? Terminal.defaultListFormat {
        case .json, .ndjson:
            Output.write(JSONValue.array(sitePack.feeds.map { feed in
                .object([("name", .string(feed.name)), ("title", .string(feed.title)), ("url", .string(feed.urlTemplate)),
                         ("categories", .array(feed.categories.map { .object([("name", .string($0.name)), ("id", .string($0.id))]) })),
                         ("default_category", feed.defaultCategory.map { .string($0) } ?? .null)])
            }).serialized() + "\n")
        default:
            if sitePack.feeds.isEmpty { Output.write("the \(sitePack.name) pack declares no feeds\n") }
            for feed in sitePack.feeds {
                Output.write("\(feed.name)  \(feed.title)\n")
                for category in feed.categories {
                    Output.write("    \(category.name)\(category.name == feed.defaultCategory ? "  (default)" : "")\n")
                }
            }
        }
    }
}


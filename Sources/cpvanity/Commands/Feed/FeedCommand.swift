import App
import ArgumentParser

struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Read a site's RSS/Atom feeds: latest articles by category, forums.",
        discussion: """
            Examples:
              cpvanity feed articles --category "c#"
              cpvanity feed list
              cpvanity feed --file saved.xml --format csv
            """,
        subcommands: [FeedShowCommand.self, FeedListCommand.self],
        defaultSubcommand: FeedShowCommand.self
    )
}

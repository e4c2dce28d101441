import ArgumentParser

@main
struct CPVanity: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cpvanity",
        abstract: "Look up developer-community members and report their statistics.",
        discussion: """
            Site knowledge lives in site packs (patterns/<site>.toml): edit a pack and run \
            'cpvanity patterns check' when a site changes its markup; no rebuild needed.

            Exit status: 0 success; 1 some records had errors or a check found mismatches; \
            2 bad input (an unreadable page, a broken site pack); 64 a usage error; \
            130 a batch was interrupted (continue it with --resume).
            """,
        version: CPVanityVersion.current,
        subcommands: [MemberCommand.self, ArticlesCommand.self, BatchCommand.self, TrackCommand.self, RefreshCommand.self,
                      HistoryCommand.self, FeedCommand.self, ExtractCommand.self, PatternsCommand.self]
    )
}

enum CPVanityVersion {
    static let current = "0.1.0"
}

import App
import ArgumentParser

struct TrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Keep a list of members to look up again with 'cpvanity refresh'.",
        subcommands: [TrackAddCommand.self, TrackRemoveCommand.self, TrackListCommand.self],
        defaultSubcommand: TrackListCommand.self
    )
}

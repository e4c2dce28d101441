import App
import ArgumentParser

struct PatternsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patterns",
        abstract: "Work with site packs: check them against saved or live pages, learn patterns from an example, print their records' schema.",
        subcommands: [PatternsCheckCommand.self, PatternsSuggestCommand.self, PatternsSchemaCommand.self]
    )
}

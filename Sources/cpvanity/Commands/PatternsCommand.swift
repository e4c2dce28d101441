import App
import ArgumentParser

struct PatternsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patterns",
        abstract: "Work with site packs: check them against saved or live pages, learn a pack or patterns from an example, print their records' schema.",
        subcommands: [PatternsCheckCommand.self, PatternsLearnCommand.self, PatternsSuggestCommand.self, PatternsSchemaCommand.self]
    )
}

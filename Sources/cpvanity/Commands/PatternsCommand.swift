import ArgumentParser

struct PatternsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patterns",
        abstract: "Work with site packs: check them against saved pages.",
        subcommands: [PatternsCheckCommand.self]
    )
}

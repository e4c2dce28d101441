import App
import ArgumentParser
import Foundation

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "The settings people repeat: where they come from.",
        discussion: """
            cpvanity reads $XDG_CONFIG_HOME/cpvanity/config.toml (~/.config/cpvanity/config.toml; \
            $CPVANITY_CONFIG names another file), then CPVANITY_<KEY> environment variables \
            (CPVANITY_RATE, CPVANITY_DB, ...); a flag outweighs both. For example:

              rate = 1
              concurrency = 4
              cache = true            # pages kept in $XDG_CACHE_HOME/cpvanity
              db = "~/notes/cpvanity.sqlite"
              format = "csv"
              columns = "id,name,reputation.total"

              [refresh]               # a table per command, for that command alone
              rate = 0.5
              format = "ndjson"
            """,
        subcommands: [ConfigShowCommand.self],
        defaultSubcommand: ConfigShowCommand.self
    )
}

struct ConfigShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print every setting, its value and where it came from (flag, environment, config file, default).",
        discussion: "Give a command (cpvanity config show batch) to see the settings it runs with, its table in the file included."
    )

    @Argument(help: ArgumentHelp("The settings this command runs with (its [command] table in the file applies).", valueName: "command"),
              completion: .list(CommandNames.all.keys.sorted()))
    var command: String?

    @OptionGroup(title: "Output") var output: ListFormatOptions

    func validate() throws {
        if let command, CommandNames.command(named: command) == nil {
            throw ValidationError("'\(command)' is not a command; give one of \(Set(CommandNames.all.values).sorted().joined(separator: ", ")).")
        }
    }

    func run() throws {
        // A broken file or variable fails this read too; CommandConfig.settings() then throws it, said plainly (exit 2).
        let named = command.flatMap {
            try? Settings(places: CommandConfig.places, command: CommandNames.command(named: $0), commands: CommandNames.all)
        }
        try ConfigRun.show(named ?? CommandConfig.settings(), output: try output.request().settings())
    }
}

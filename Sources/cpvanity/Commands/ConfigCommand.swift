import App
import ArgumentParser
import Foundation
import Report

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
              completion: .list(SettingsFile.commands.keys.sorted()))
    var command: String?

    @OptionGroup var formatOption: TableOrJSON

    func validate() throws {
        if let command, SettingsFile.command(named: command) == nil {
            throw ValidationError("'\(command)' is not a command; give one of \(Set(SettingsFile.commands.values).sorted().joined(separator: ", ")).")
        }
    }

    func run() throws {
        // A broken file or variable fails this read too; Settings.shared then says it plainly (exit 2).
        let settings = command.flatMap { try? Settings(environment: ProcessInfo.processInfo.environment, command: SettingsFile.command(named: $0)) }
            ?? Settings.shared
        let rows: [(key: String, value: String, source: String)] = Settings.keys.map { key in
            guard let value = settings.value(key.name) else { return (key.name, key.fallback, "default") }
            // A value from a command's table says so: `config /path [batch]`.
            let table = value.name.contains(".") ? " [\(value.name.prefix { $0 != "." })]" : ""
            return (key.name, value.text, value.source + table)
        }
        if formatOption.json {
            let document = JSONValue.object([
                ("file", .string(settings.file)),
                ("exists", .bool(FileManager.default.fileExists(atPath: settings.file))),
                ("settings", .array(rows.map { .object([("key", .string($0.key)), ("value", .string($0.value)), ("source", .string($0.source))]) })),
            ])
            Output.write(document.serialized() + "\n")
            return
        }
        let exists = FileManager.default.fileExists(atPath: settings.file)
        var lines = ["config file: \(TerminalText.escaped(settings.file))\(exists ? "" : " (none there)")", ""]
        let keyWidth = rows.map(\.key.count).max() ?? 0
        let valueWidth = rows.map { $0.value.count }.max() ?? 0
        for row in rows {
            lines.append(row.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
                         + TerminalText.escaped(row.value).padding(toLength: valueWidth, withPad: " ", startingAt: 0) + "  "
                         + TerminalText.escaped(row.source))
        }
        Output.write(lines.joined(separator: "\n") + "\n")
    }
}

/// `--format table|json` for commands with only those two.
struct TableOrJSON: ParsableArguments {
    enum Choice: String, ExpressibleByArgument, CaseIterable { case table, json }

    @Option(name: .long, help: "table or json (default: table on a terminal, json otherwise).")
    var format: Choice?

    var json: Bool { (format ?? (Terminal.isTerminal(STDOUT_FILENO) ? .table : .json)) == .json }
}

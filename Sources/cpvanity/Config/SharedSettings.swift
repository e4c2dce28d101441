import App
import Foundation

extension Settings {
    /// Read once, for the command being run; a broken file or variable is said plainly
    /// and exits 2, before anything runs.
    static let shared: Settings = {
        do {
            return try Settings(environment: ProcessPlaces.current.environment,
                                command: CommandNames.command(named: CommandLine.arguments.dropFirst().first),
                                commands: CommandNames.all)
        } catch {
            Diagnostics.error("\(error)")
            Foundation.exit(ExitStatus.badInput.code)
        }
    }()
}

/// The commands a config file's table may be named for: every command and alias.
enum CommandNames {
    /// Each command and alias, to the command it names.
    static var all: [String: String] {
        var names = [String: String]()
        for command in CPVanity.configuration.subcommands {
            guard let name = command.configuration.commandName else { continue }
            names[name] = name
            for alias in command.configuration.aliases { names[alias] = name }
        }
        return names
    }

    /// The command an argument names (an alias read as its command), if any.
    static func command(named argument: String?) -> String? {
        argument.flatMap { all[$0] }
    }
}

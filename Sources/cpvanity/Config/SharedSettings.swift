import App
import ArgumentParser
import Foundation

/// The config file and the environment's settings for the command being run, read
/// once. A broken file or variable is a `SettingsError`, said plainly (exit 2) by
/// `ErrorAdvice` before anything runs.
enum CommandConfig {
    /// The process's surroundings, read here once: nothing below the command line reads them.
    static let places = ProcessPlaces.current

    private static let loaded: Result<Settings, SettingsError> = {
        do throws(SettingsError) {
            return .success(try Settings(places: places,
                                         command: CommandNames.command(named: CommandLine.arguments.dropFirst().first),
                                         commands: CommandNames.all))
        } catch {
            return .failure(error)
        }
    }()

    static func settings() throws -> Settings { try loaded.get() }
}

extension GivenValueError {
    /// The usage error a flag's value out of range is: `--connect-timeout must be …`.
    var usage: ValidationError { ValidationError("--\(key.replacingOccurrences(of: "_", with: "-")) \(rule)") }
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

import App
import ArgumentParser
import Foundation

@main
struct CPVanity: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cpvanity",
        abstract: "Look up developer-community members and report their statistics.",
        discussion: """
            Site knowledge lives in site packs (patterns/<site>.toml): edit a pack and run \
            'cpvanity patterns check' when a site changes its markup; no rebuild needed.

            Exit status: 0 success; 1 some records had errors or a check found mismatches; \
            2 bad input (an unreadable page, a broken site pack) or output that cannot be \
            written (a full disk); 3 markup drift (batch, \
            refresh); 4 something changed (refresh --exit-code); 64 a usage error; 130 or 143 \
            a batch was interrupted by Ctrl-C or SIGTERM (continue it with --resume).

            Examples:
              cpvanity member 48201                     (a member, as a table)
              cpvanity batch members.txt -o members.xlsx
              cpvanity track add 48201 7315 && cpvanity refresh
              cpvanity member 48201 --as-of 2014        (from a web archive)
              cpvanity patterns check                   (the pack against its fixtures)
            """,
        version: CPVanityVersion.current,
        subcommands: [MemberCommand.self, RowsCommand.self, BatchCommand.self, TrackCommand.self, RefreshCommand.self,
                      HistoryCommand.self, ReportCommand.self, FeedCommand.self, ExtractCommand.self, PatternsCommand.self, ConfigCommand.self]
    )

    /// A mistyped subcommand gets a "did you mean" (ArgumentParser has one for options);
    /// everything else goes to ArgumentParser as usual.
    static func main() async {
        // What ArgumentParser prints itself (--version, help, a completion script) goes
        // through stdio, flushed at exit: a failure to write it is said, exit 2, as ours is.
        atexit {
            if fflush(nil) != 0 {
                Diagnostics.error("cannot write standard output: \(String(cString: strerror(errno)))")
                _exit(ExitStatus.badInput.code)
            }
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-") {
            let names = CommandNames.all.keys.sorted() + ["help"]
            if !names.contains(first) {
                // A member typed where the command goes is the commonest slip of all.
                let hint = NameGuess.closest(to: first, in: names).map { " Did you mean '\($0)'?" }
                    ?? (first.first?.isNumber == true || first.contains("://") ? " To look a member up: cpvanity member \(first)" : "")
                usage(ValidationError("Unknown command '\(first)'.\(hint)"))
            }
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            usage(error)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // A usage error found while running (a --sort the pack's list lacks) shows
            // the usage of the command that ran, not the root's.
            if let choice = error as? OutputChoiceError { usage(ValidationError(OutputChoiceAdvice.words(choice)), of: type(of: command)) }
            guard let (text, status) = ErrorAdvice.message(for: error) else { usage(error, of: type(of: command)) }
            if let text { Diagnostics.error(text) }
            exit(withError: ExitCode(status))
        }
    }

    /// ArgumentParser's own errors, said with the same prefix as every other message
    /// (`cpvanity: `, not `Error: `); help and --version as ArgumentParser prints them.
    private static func usage(_ error: any Error, of command: any ParsableCommand.Type = CPVanity.self) -> Never {
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        var message = fullMessage(for: error)
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        // Thrown while running: the message, and where the command's help is.
        if command != CPVanity.self, let error = error as? ValidationError, let path = path(to: command) {
            message = "\(error.message)\n  See 'cpvanity \(path) --help' for more information."
        }
        Diagnostics.error(message)
        exit(withError: code)
    }

    /// `patterns check` for PatternsCheckCommand: the names that lead to `command`.
    private static func path(to command: any ParsableCommand.Type, from root: any ParsableCommand.Type = CPVanity.self) -> String? {
        for child in root.configuration.subcommands {
            let name = child.configuration.commandName ?? ""
            if child == command { return name }
            if let rest = path(to: command, from: child) { return "\(name) \(rest)" }
        }
        return nil
    }
}

enum CPVanityVersion {
    static let current = "0.1.0"
}

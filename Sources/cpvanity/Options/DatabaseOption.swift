import App
import ArgumentParser
import Store

/// Where the lookup history is kept: for the commands that are about the history
/// itself (history, track, refresh), which have no use for --no-store.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The history database (default: $CPVANITY_DB, else the config's db, else $XDG_DATA_HOME/cpvanity/history.sqlite).", valueName: "path"), completion: .file(extensions: ["sqlite", "db"]))
    var db: String?

    /// Where the history is: the flag, $CPVANITY_DB, the config file, the default.
    var path: String { StoreLocation.path(explicit: Settings.shared.explicitValue("db", flag: db)) }

    /// The opened history, or a message and exit 2.
    func open() throws -> HistoryStore {
        do {
            return try HistoryStore(path: path)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
    }
}

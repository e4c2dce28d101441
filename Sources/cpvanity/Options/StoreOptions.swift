import App
import ArgumentParser

/// Where the lookup history is kept: for the commands that are about the history
/// itself (history, track, refresh).
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The history database (default: $CPVANITY_DB, else the config's db, else $XDG_DATA_HOME/cpvanity/history.sqlite).", valueName: "path"), completion: .file(extensions: ["sqlite", "db"]))
    var db: String?

    /// The flag, $CPVANITY_DB, the config file, the default.
    func settings() throws -> HistorySettings {
        let config = try CommandConfig.settings()
        return HistorySettings(path: config.places.historyPath(explicit: config.explicitValue(.db, flag: db)))
    }
}

/// For lookups: where the history is kept, or that it is not.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Flag(name: .long, help: "Do not read or write the history (no changes are shown).")
    var noStore = false

    /// Nil with `--no-store`.
    func settings() throws -> HistorySettings? { forLookups(try database.settings()) }

    /// `history` as lookups use it, already resolved: nil with `--no-store`.
    func forLookups(_ history: HistorySettings) -> HistorySettings? { noStore ? nil : history }
}

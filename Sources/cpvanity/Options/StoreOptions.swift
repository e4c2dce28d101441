import ArgumentParser
import Store

/// Where the lookup history is kept, or that it is not.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The history database (default: $CPVANITY_DB, else $XDG_DATA_HOME/cpvanity/history.sqlite).", valueName: "path"))
    var db: String?

    @Flag(name: .long, help: "Do not read or write the history (no changes are shown).")
    var noStore = false

    /// The opened history, nil with --no-store, or a message and exit 2.
    func open() throws -> HistoryStore? {
        guard !noStore else { return nil }
        return try openRequired()
    }

    /// For commands that are about the history itself: --no-store makes no sense there.
    func openRequired() throws -> HistoryStore {
        do {
            return try HistoryStore(path: StoreLocation.path(explicit: db))
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
    }
}

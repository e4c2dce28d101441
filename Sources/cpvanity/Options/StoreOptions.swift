import ArgumentParser
import Store

/// For lookups: where the history is kept, or that it is not.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Flag(name: .long, help: "Do not read or write the history (no changes are shown).")
    var noStore = false

    /// The opened history, nil with --no-store, or a message and exit 2.
    func open() throws -> HistoryStore? {
        guard !noStore else { return nil }
        return try database.open()
    }
}

import App
import ArgumentParser
import Store

/// For lookups: where the history is kept, or that it is not.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Flag(name: .long, help: "Do not read or write the history (no changes are shown).")
    var noStore = false

    /// The opened history, nil with --no-store, or a message and exit 2. A history that
    /// cannot be opened where it is (a read-only home) is a warning: the lookup goes on
    /// and prints its record, without a history.
    func open() throws -> HistoryStore? {
        guard !noStore else { return nil }
        do {
            return try HistoryStore(path: database.path)
        } catch let error {
            if case .cannotOpen = error {
                Diagnostics.warning("\(error.description.replacingOccurrences(of: " Use --db to put it elsewhere (lookups also take --no-store)", with: "")) This lookup is not recorded in the history; give --db another file, or --no-store.")
                return nil
            }
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
    }
}

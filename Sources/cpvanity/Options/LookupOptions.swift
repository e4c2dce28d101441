import App
import ArgumentParser

/// What every command that looks members up takes: the pack and how to fetch. A web
/// archive's options come apart, last in help (`ArchiveOptions`), as does where the
/// history is: lookups take `StoreOptions` (with --no-store), the commands about the
/// history `DatabaseOption`.
struct LookupOptions: ParsableArguments {
    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions

    /// The settings, with the pack loaded: each flag over the environment, the config
    /// file and the pack.
    func settings(history: HistorySettings?, archive: ArchiveOptions) throws -> LookupSettings {
        LookupSettings(pack: try pack.load().pack, fetch: try fetch.settings(), archive: try archive.settings(), history: history)
    }
}

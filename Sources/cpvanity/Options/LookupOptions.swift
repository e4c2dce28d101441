import App
import ArgumentParser

/// What every command that looks members up takes: the pack and how to fetch. A web
/// archive's options come apart, last in help (`ArchiveOptions`), as does where the
/// history is: lookups take `StoreOptions` (with --no-store), the commands about the
/// history `DatabaseOption`.
struct LookupOptions: ParsableArguments {
    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions

    /// The settings, with the pack loaded.
    func settings(history: HistorySettings?, archive: ArchiveOptions) throws -> LookupSettings {
        let (sitePack, _) = try pack.load()
        return LookupSettings(pack: sitePack, fetch: try fetch.settings(), archive: archive.settings, history: history)
    }
}

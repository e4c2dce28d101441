import App
import ArgumentParser
import Packs

/// What every command that looks members up takes: the pack, how to fetch, a web
/// archive. Where the history is comes apart: lookups take `StoreOptions` (with
/// --no-store), the commands about the history `DatabaseOption`.
struct LookupOptions: ParsableArguments {
    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions

    /// The settings, with the pack loaded.
    func settings(history: HistorySettings?) throws -> LookupSettings {
        let (sitePack, _) = try pack.load()
        return LookupSettings(pack: sitePack, fetch: fetch.settings, archive: archive.settings, history: history)
    }
}

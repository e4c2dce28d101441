import App
import ArgumentParser
import Packs

/// Which site pack to use and where packs live.
struct PackOptions: ParsableArguments {
    @Option(name: .customLong("site"), help: "The site pack to use (a file <site>.toml in the pack directory; default codeproject, or the directory's only pack).")
    var siteOption: String?

    /// The flag, the setting, then the one pack of a directory that holds one (a pack of
    /// your own in --patterns DIR needs no --site), then CodeProject, the bundled default.
    func site(in locator: PackLocator) -> String {
        if let site = siteOption ?? Settings.shared.text("site") { return site }
        let available = locator.availableSites
        return available.count == 1 ? available[0] : "codeproject"
    }

    @Option(name: .long, help: ArgumentHelp("A directory of site packs to use instead of the bundled ones.",
                                             discussion: "Also settable as CPVANITY_PATTERNS.", valueName: "dir"), completion: .directory)
    var patterns: String?

    /// The pack, loaded and compiled, and where packs were found. Its errors (a
    /// missing directory, a broken pack) are said by `ErrorAdvice`.
    func load() throws -> (SitePack, PackLocator) {
        let locator = try PackLocator(explicit: Settings.shared.explicitValue("patterns", flag: patterns))
        return (try PackLoader().load(file: try locator.file(forSite: site(in: locator))), locator)
    }
}

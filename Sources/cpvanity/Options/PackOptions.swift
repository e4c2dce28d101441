import App
import ArgumentParser
import Packs

/// Which site pack to use and where packs live.
struct PackOptions: ParsableArguments {
    @Option(name: .customLong("site"), help: "The site pack to use (a file <site>.toml in the pack directory; default codeproject).")
    var siteOption: String?

    var site: String { siteOption ?? Settings.shared.text("site") ?? "codeproject" }

    @Option(name: .long, help: ArgumentHelp("A directory of site packs to use instead of the bundled ones.",
                                             discussion: "Also settable as CPVANITY_PATTERNS.", valueName: "dir"), completion: .directory)
    var patterns: String?

    /// The pack, loaded and compiled, and where packs were found. Its errors (a
    /// missing directory, a broken pack) are said by `ErrorAdvice`.
    func load() throws -> (SitePack, PackLocator) {
        let locator = try PackLocator(explicit: Settings.shared.explicitValue("patterns", flag: patterns))
        return (try PackLoader().load(file: try locator.file(forSite: site)), locator)
    }
}

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

    /// Loads and compiles the pack, or prints why not and exits with status 2.
    func loadPack() throws -> (SitePack, PackLocator) {
        do {
            let locator = try PackLocator(explicit: Settings.shared.explicitValue("patterns", flag: patterns))
            let pack = try PackLoader().load(file: try locator.file(forSite: site))
            return (pack, locator)
        } catch let error as PackLoadError {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        } catch {
            Diagnostics.error("\(error)")
            throw ExitStatus.badInput
        }
    }
}

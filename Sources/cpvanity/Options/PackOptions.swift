import App
import ArgumentParser

/// Which site pack to use and where packs live.
struct PackOptions: ParsableArguments {
    @Option(name: .customLong("site"), help: "The site pack to use, by its [site].name (else its file name) in the pack directory; default codeproject, or the directory's only pack.", completion: ValueCompletions.sites)
    var siteOption: String?

    @Option(name: .customLong("pack"), help: ArgumentHelp("One site pack's file to use, wherever it is.", valueName: "file"), completion: .file(extensions: ["toml"]))
    var packFile: String?

    @Option(name: .long, help: ArgumentHelp("A directory of site packs to use instead of the bundled ones.",
                                             discussion: "Also settable as CPVANITY_PATTERNS.", valueName: "dir"), completion: .directory)
    var patterns: String?

    /// The choice: the site from the flag, else the settings' (unless a file is named);
    /// the directory from the flag, else the config file's (`CPVANITY_PATTERNS` is read
    /// where packs are found, and named in their errors).
    func choice() throws -> PackChoice {
        let config = try CommandConfig.settings()
        return PackChoice(site: siteOption ?? (packFile == nil ? config.text(.site) : nil), patterns: config.explicitValue(.patterns, flag: patterns),
                          file: packFile, places: config.places)
    }

    /// The pack (the flag, the setting, the directory's only pack, then CodeProject),
    /// loaded and compiled, and the directory of packs. Its errors (a missing
    /// directory, a broken pack) are said by `ErrorAdvice`.
    func load(warnings: Bool = true) throws -> (pack: SitePack, directory: String) {
        try choice().load(warnings: warnings)
    }
}

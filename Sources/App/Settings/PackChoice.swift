import Packs

/// Which site pack to use and where packs live, as given (a flag or a setting).
public struct PackChoice: Sendable {
    /// The site's pack, by name; nil: the directory's only pack, else `defaultSite`.
    public var site: String?
    /// A directory of packs; nil: `CPVANITY_PATTERNS`, else the bundled ones.
    public var patterns: String?

    /// The bundled pack used when nothing names another.
    public static let defaultSite = "codeproject"

    public init(site: String?, patterns: String?) {
        self.site = site
        self.patterns = patterns
    }

    /// The pack, loaded and compiled, and the directory it came from. A missing
    /// directory or a broken pack is a `PackLookupError` or a `PackLoadError`. With
    /// `warnings`, each capture too narrow for its type is said on stderr: the pack
    /// loads, but reads such values wrong (`patterns check` fails on them).
    public func load(warnings: Bool = true) throws -> (pack: SitePack, directory: String) {
        let locator = try PackLocator(explicit: patterns)
        let available = locator.availableSites
        let name = site ?? (available.count == 1 ? available[0] : PackChoice.defaultSite)
        let pack = try PackLoader().load(file: try locator.file(forSite: name))
        if warnings {
            for caution in CaptureWidths.cautions(pack, text: try? String(contentsOfFile: pack.file, encoding: .utf8)) {
                Diagnostics.warning("\(pack.file): \(caution)")
            }
        }
        return (pack, locator.directory)
    }
}

import Foundation
import Packs

/// Which site pack to use and where packs live, as given (a flag or a setting).
public struct PackChoice: Sendable {
    /// The site's pack, by name; nil: the directory's only pack, else `defaultSite`.
    public var site: String?
    /// A directory of packs; nil: `CPVANITY_PATTERNS`, else the bundled ones.
    public var patterns: String?
    /// One pack's file (`--pack`), used whatever the directories hold.
    public var file: String?
    /// Where the process is: `CPVANITY_PATTERNS`, the binary's directory.
    public var places: ProcessPlaces

    /// The bundled pack used when nothing names another.
    public static let defaultSite = "codeproject"

    public init(site: String?, patterns: String?, file: String? = nil, places: ProcessPlaces) {
        self.site = site
        self.patterns = patterns
        self.file = file
        self.places = places
    }

    /// The sites of the packs `patterns` (else `CPVANITY_PATTERNS`, else the bundled
    /// directory) holds, for a shell's completion of `--site`; none when it cannot be read.
    public static func sites(patterns: String?, places: ProcessPlaces) -> [String] {
        (try? places.packLocator(explicit: patterns))?.availableSites ?? []
    }

    /// The pack, loaded and compiled, and the directory it came from. A missing
    /// directory or a broken pack is a `PackLookupError` or a `PackLoadError`. With
    /// `warnings`, each capture too narrow for its type is said on stderr: the pack
    /// loads, but reads such values wrong (`patterns check` fails on them).
    public func load(warnings: Bool = true) throws -> (pack: SitePack, directory: String) {
        let pack: SitePack, directory: String
        if let file {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw PackLookupError.unusablePackFile(file, problem: .missing)
            }
            guard !isDirectory.boolValue else {
                throw PackLookupError.unusablePackFile(file, problem: .directory)
            }
            pack = try PackLoader().load(file: file)
            if let site, site != pack.name {
                throw PackLookupError.unusablePackFile(file, problem: .otherSite(named: pack.name, asked: site))
            }
            directory = (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent
        } else {
            let locator = try places.packLocator(explicit: patterns)
            // Read once: each entry is a pack parsed for its name.
            let entries = locator.entries
            let available = PackLocator.sites(of: entries)
            let name = site ?? (available.count == 1 ? available[0] : PackChoice.defaultSite)
            pack = try PackLoader().load(file: try locator.file(forSite: name, among: entries))
            directory = locator.directory
        }
        if warnings {
            for caution in CaptureWidths.cautions(pack, text: try? String(contentsOfFile: pack.file, encoding: .utf8)) {
                Diagnostics.warning("\(pack.file): \(caution)")
            }
        }
        return (pack, directory)
    }
}

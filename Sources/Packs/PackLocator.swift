import Foundation
import TOMLKit

/// Finds the directory of site packs. In order: the directory the user named, the
/// one the environment names (`CPVANITY_PATTERNS`, read by App), `share/cpvanity/patterns`
/// beside an installed binary, a `patterns/` directory above the binary (a build
/// inside the repository), and `./patterns`.
public struct PackLocator: Sendable {
    public let directory: String

    public init(explicit: String?, fromEnvironment: String?, executablePath: String?, currentDirectory: String) throws {
        if let explicit {
            guard PackLocator.isPackDirectory(explicit) else { throw PackLookupError.noPackDirectory(searched: [explicit + " (as asked)"]) }
            directory = explicit
            return
        }
        if let fromEnvironment, !fromEnvironment.isEmpty {
            guard PackLocator.isPackDirectory(fromEnvironment) else {
                throw PackLookupError.noPackDirectory(searched: [fromEnvironment + " (from CPVANITY_PATTERNS)"])
            }
            directory = fromEnvironment
            return
        }
        var candidates = [String]()
        if let executablePath {
            let binary = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
            candidates.append(binary.appendingPathComponent("../share/cpvanity/patterns").standardized.path)
            var folder = binary
            for _ in 0..<6 {
                candidates.append(folder.appendingPathComponent("patterns").path)
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(URL(fileURLWithPath: currentDirectory).appendingPathComponent("patterns").path)
        guard let found = candidates.first(where: PackLocator.isPackDirectory) else {
            throw PackLookupError.noPackDirectory(searched: candidates)
        }
        directory = found
    }

    /// A pack in the directory: the site it names (`[site].name`) and its file.
    public struct Entry: Sendable, Equatable {
        public let site: String
        public let file: String
    }

    /// The directory's packs by the name each gives its site (its file name when it
    /// gives none or does not parse: the load then says why), sorted by site then file.
    public var entries: [Entry] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".toml") }
        return names.map { name in
            let file = (directory as NSString).appendingPathComponent(name)
            return Entry(site: PackLocator.siteName(inFile: file) ?? String(name.dropLast(5)), file: file)
        }.sorted { ($0.site, $0.file) < ($1.site, $1.file) }
    }

    /// Site names of the packs in the directory, sorted, each once.
    public var availableSites: [String] { PackLocator.sites(of: entries) }

    /// The site names of `entries`, each once.
    public static func sites(of entries: [Entry]) -> [String] {
        var seen = Set<String>()
        return entries.map(\.site).filter { seen.insert($0).inserted }
    }

    /// The file of the pack whose `[site].name` is `site`, else of `<site>.toml`. Two
    /// packs that name one site (a backup `site.v1.toml` beside `site.toml`) are an
    /// error naming both: which one is meant is the user's call, never a silent pick.
    /// `entries`: the directory's, when the caller has read them already (each is a
    /// pack parsed).
    public func file(forSite site: String, among entries: [Entry]? = nil) throws -> String {
        let all = entries ?? self.entries
        let named = all.filter { $0.site == site }
        if named.count > 1 { throw PackLookupError.sameSite(site, files: named.map(\.file)) }
        if let only = named.first { return only.file }
        let path = (directory as NSString).appendingPathComponent("\(site).toml")
        guard !site.contains("/"), FileManager.default.fileExists(atPath: path) else {
            throw PackLookupError.unknownSite(site, directory: directory, available: PackLocator.sites(of: all))
        }
        return path
    }

    /// `[site].name` of a pack file; nil when it cannot be read or parsed.
    public static func siteName(inFile file: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file), data.count < 4_000_000,
              let text = String(data: data, encoding: .utf8),
              let root = try? TOMLTable(string: text), let site = root["site"]?.table else { return nil }
        return site["name"]?.string
    }

    private static func isPackDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.contains { $0.hasSuffix(".toml") }
    }
}

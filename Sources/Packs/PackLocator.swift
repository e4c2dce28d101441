import Foundation

/// Finds the directory of site packs. In order: the directory the user named
/// (`--patterns`), `$CPVANITY_PATTERNS`, `share/cpvanity/patterns` beside an
/// installed binary, a `patterns/` directory above the binary (a build inside the
/// repository), and `./patterns`.
public struct PackLocator: Sendable {
    public let directory: String

    public init(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                executablePath: String? = Bundle.main.executablePath,
                currentDirectory: String = FileManager.default.currentDirectoryPath) throws {
        if let explicit {
            guard PackLocator.isPackDirectory(explicit) else { throw PackLookupError.noPackDirectory(searched: [explicit + " (as asked)"]) }
            directory = explicit
            return
        }
        if let fromEnvironment = environment["CPVANITY_PATTERNS"], !fromEnvironment.isEmpty {
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

    /// Site names of the packs in the directory, sorted.
    public var availableSites: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
    }

    public func file(forSite site: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent("\(site).toml")
        guard FileManager.default.fileExists(atPath: path) else {
            throw PackLookupError.unknownSite(site, directory: directory, available: availableSites)
        }
        return path
    }

    private static func isPackDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.contains { $0.hasSuffix(".toml") }
    }
}

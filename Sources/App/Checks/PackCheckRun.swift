import Foundation
import Lookup
import PackCheck
import Packs

/// `cpvanity patterns check`: a pack against saved pages and their expected records
/// (a field × page table for each directory), or against members fetched now (which
/// alternative read each field). Tables to stdout; true when everything passed.
public enum PackCheckRun {
    /// The site's bundled fixtures: `Fixtures/<site>` beside the pack directory, and
    /// `Fixtures/<site>-eras` (the markup of other eras) when it is there.
    public static func bundledFixtures(of pack: SitePack, packDirectory: String) -> [String] {
        let bundled = URL(fileURLWithPath: packDirectory).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let eras = bundled.appendingPathComponent("\(pack.name)-eras").path
        return [bundled.appendingPathComponent(pack.name).path] + (FileManager.default.fileExists(atPath: eras) ? [eras] : [])
    }

    /// `pack` against each directory of saved pages, a table each. `bundled`: the
    /// directories are the pack's own fixtures (a missing one is said as such).
    public static func saved(_ pack: SitePack, directories: [String], bundled: Bool, width: Int) async throws(AppError) -> Bool {
        var passed = true
        for (index, directory) in directories.enumerated() {
            let check: PackCheck
            do {
                let set = try FixtureSet(directory: directory, sources: pack.sources.map(\.name))
                check = try await PackCheck.run(pack: pack, fixtures: set)
            } catch {
                throw .fixtures("\(error)\(bundled ? "; point at saved pages with --fixtures DIR" : "")")
            }
            if index > 0 { Output.write("\n") }
            Output.write(CheckTable.render(check, pack: pack, fixturesDirectory: directory, width: width))
            passed = passed && check.passed
        }
        return passed
    }

    /// The members fetched now, and how each field was found.
    public static func live(_ ids: [String], settings: LookupSettings, width: Int) async throws -> Bool {
        // The table shows each member's problems; stderr does not say them again.
        let records = try await LookupRun.records(for: ids, settings: settings, warn: false)
        Output.write(LiveCheckTable.render(records, pack: settings.pack, width: width))
        return LiveCheckTable.passed(records)
    }
}

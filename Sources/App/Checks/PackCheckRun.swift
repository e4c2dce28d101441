import Foundation
import Lookup
import PackCheck
import Packs

/// `cpvanity patterns check`: a pack against saved pages and their expected records
/// (a field × page table for each directory), or against members fetched now (which
/// alternative read each field). Tables to stdout; exit status 1 unless everything passed.
public enum PackCheckRun {
    /// The site's bundled fixtures: `Fixtures/<site>` beside the pack directory, and
    /// `Fixtures/<site>-eras` (the markup of other eras) when it is there.
    public static func bundledFixtures(of pack: SitePack, packDirectory: String) -> [String] {
        let bundled = URL(fileURLWithPath: packDirectory).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let eras = bundled.appendingPathComponent("\(pack.name)-eras").path
        return [bundled.appendingPathComponent(pack.name).path] + (FileManager.default.fileExists(atPath: eras) ? [eras] : [])
    }

    /// `pack` against each directory of saved pages: a grid each for people, or with
    /// `output`, a row per field and member in its format. `bundled`: the directories
    /// are the pack's own fixtures (a missing one is said as such).
    public static func saved(_ pack: SitePack, directories: [String], bundled: Bool, width: Int,
                             output: OutputSettings? = nil) async throws -> RunOutcome {
        var checks = [(check: PackCheck, directory: String)]()
        if bundled {
            Diagnostics.info("saved pages: \(directories.joined(separator: " and ")), the \(pack.name) pack's own (Fixtures/\(pack.name), and Fixtures/\(pack.name)-eras when there, beside its pack directory)")
        }
        for directory in directories {
            do {
                let set = try FixtureSet(directory: directory, sources: pack.sources.map(\.name))
                checks.append((try await PackCheck.run(pack: pack, fixtures: set), directory))
            } catch {
                throw AppError.fixtures("\(error)\(bundled ? "; that is where the \(pack.name) pack's own saved pages go (Fixtures/\(pack.name) beside its pack directory)" : "")",
                                        bundled: bundled)
            }
        }
        let cautions = CaptureWidths.cautions(pack, text: try? String(contentsOfFile: pack.file, encoding: .utf8))
        if let output {
            try output.write(CheckList.saved(checks))
            for caution in cautions { Diagnostics.warning("\(pack.file): \(caution)") }
        } else {
            try Output.write(checks.map { CheckTable.render($0.check, pack: pack, fixturesDirectory: $0.directory, width: width) }.joined(separator: "\n")
                         + CheckTable.render(cautions, pack: pack))
        }
        return RunOutcome(status: checks.allSatisfy(\.check.passed) && cautions.isEmpty ? nil : .partialFailure)
    }

    /// The members fetched now, and how each field was found: a grid, or with `output`
    /// a row per member and field in its format.
    public static func live(_ ids: [String], settings: LookupSettings, width: Int, output: OutputSettings? = nil) async throws -> RunOutcome {
        // The table shows each member's problems; stderr does not say them again (a list has no room for them).
        let records = try await LookupRun.records(for: ids, settings: settings, warn: output != nil)
        if let output {
            try output.write(CheckList.live(records))
        } else {
            try Output.write(LiveCheckTable.render(records, pack: settings.pack, width: width))
        }
        return RunOutcome(status: LiveCheckTable.passed(records) ? nil : .partialFailure)
    }
}

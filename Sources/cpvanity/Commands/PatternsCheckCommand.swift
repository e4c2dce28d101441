import ArgumentParser
import Foundation
import Report
import Rules

struct PatternsCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile a site pack and run it on saved pages, field by field.",
        discussion: """
            Prints a field × page table: ok (equals the expected record), missing (expected \
            a value, found none), MISMATCH (found something else). Pages without an \
            expected-<id>.json show found/empty instead. Exits 1 on any missing or mismatch.
            """
    )

    @OptionGroup var pack: PackOptions

    @Option(name: .long, help: ArgumentHelp(
        "Directory of saved pages (<source>-<id>.html) and expected-<id>.json records (repeatable).",
        discussion: "Default: the site's bundled fixtures (Fixtures/<site> beside the pack directory, and Fixtures/<site>-eras, the markup of other eras, when it is there).",
        valueName: "dir"))
    var fixtures: [String] = []

    func run() throws {
        let (sitePack, locator) = try pack.loadPack()
        var directories = fixtures
        if directories.isEmpty {
            let bundled = URL(fileURLWithPath: locator.directory).deletingLastPathComponent().appendingPathComponent("Fixtures")
            directories.append(bundled.appendingPathComponent(sitePack.name).path)
            let eras = bundled.appendingPathComponent("\(sitePack.name)-eras").path
            if FileManager.default.fileExists(atPath: eras) { directories.append(eras) }
        }
        var passed = true
        for (index, directory) in directories.enumerated() {
            let check: PackCheck
            do {
                let set = try FixtureSet(directory: directory, sources: sitePack.sources.map(\.name))
                check = try PackCheck(pack: sitePack, fixtures: set)
            } catch {
                Diagnostics.error("\(error)\(fixtures.isEmpty ? "; point at saved pages with --fixtures DIR" : "")")
                throw ExitStatus.badInput
            }
            if index > 0 { Output.write("\n") }
            Output.write(CheckTable.render(check, pack: sitePack, fixturesDirectory: directory))
            passed = passed && check.passed
        }
        if !passed { throw ExitStatus.partialFailure }
    }
}

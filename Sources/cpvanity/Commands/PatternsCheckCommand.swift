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
        "Directory of saved pages (<source>-<id>.html) and expected-<id>.json records.",
        discussion: "Default: the site's bundled fixtures (Fixtures/<site> beside the pack directory).",
        valueName: "dir"))
    var fixtures: String?

    func run() throws {
        let (sitePack, locator) = try pack.loadPack()
        let directory = fixtures ?? URL(fileURLWithPath: locator.directory)
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(sitePack.name).path
        let check: PackCheck
        do {
            let set = try FixtureSet(directory: directory, sources: sitePack.sources.map(\.name))
            check = try PackCheck(pack: sitePack, fixtures: set)
        } catch {
            Diagnostics.error("\(error)\(fixtures == nil ? "; point at saved pages with --fixtures DIR" : "")")
            throw ExitStatus.badInput
        }
        Output.write(CheckTable.render(check, pack: sitePack, fixturesDirectory: directory))
        if !check.passed { throw ExitStatus.partialFailure }
    }
}

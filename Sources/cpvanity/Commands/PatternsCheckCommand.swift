import App
import ArgumentParser
import Foundation

struct PatternsCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile a site pack and run it on saved pages, field by field.",
        discussion: """
            Prints a field × page table: ok (equals the expected record), missing (expected \
            a value, found none), MISMATCH (found something else). Pages without an \
            expected-<id>.json show found/empty instead. Exits 1 on any missing or mismatch.

            With --live ID..., the members are fetched now (politely; --base-url, --save-pages \
            and the other fetch options apply) and the table shows, per field, which alternative \
            matched (ok, ok #2), which took its default, which is MISSING and which optional \
            field is absent. Exits 1 when a field the pack expects is missing or a member could \
            not be fetched: the canary to put in cron.
            """
    )

    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions
    @OptionGroup(title: "Output") var output: CheckFormatOptions

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp(
        "Fetch these members now and show how each field was found, instead of checking saved pages.", valueName: "id"))
    var live: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Directory of saved pages (<source>-<id>.html) and expected-<id>.json records (repeatable).",
        discussion: "Default: the site's bundled fixtures (Fixtures/<site> beside the pack directory, and Fixtures/<site>-eras, the markup of other eras, when it is there).",
        valueName: "dir"), completion: .directory)
    var fixtures: [String] = []

    func validate() throws {
        if !live.isEmpty && !fixtures.isEmpty {
            throw ValidationError("--live checks pages fetched now and --fixtures saved ones: give one or the other.")
        }
    }

    func run() async throws {
        // Checking saved pages, the pack's too-narrow captures are part of the report.
        let (sitePack, locator) = try pack.load(warnings: !live.isEmpty)
        let outcome: RunOutcome
        if !live.isEmpty {
            let settings = LookupSettings(pack: sitePack, fetch: try fetch.settings(), archive: try archive.settings())
            outcome = try await PackCheckRun.live(live, settings: settings, width: Terminal.columns(), output: try output.settings())
        } else {
            let directories = fixtures.isEmpty ? PackCheckRun.bundledFixtures(of: sitePack, packDirectory: locator) : fixtures
            outcome = try await PackCheckRun.saved(sitePack, directories: directories, bundled: fixtures.isEmpty, width: Terminal.columns(),
                                                  output: try output.settings())
        }
        try ErrorAdvice.finish(outcome)
    }
}

import App
import ArgumentParser
import Foundation

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Apply a site pack's rules to saved pages and print the records as JSON.",
        discussion: """
            Each FILE is one page, and one record. Its source (profile, articles, ...) comes \
            from --source, or from a file name of the form <source>-<id>.html, the naming \
            --save-pages uses; the further pages of a source that runs over several \
            (<source>-<id>-p2.html, ...) join the record of its first page, their rows after \
            its rows. Use - to read a page from standard input (with --source).
            """
    )

    @OptionGroup var pack: PackOptions
    @OptionGroup var verbosity: VerbosityOptions

    @Option(name: .long, help: ArgumentHelp("Which source of the pack the pages are.", valueName: "name"))
    var source: String?

    @Option(name: .long, help: ArgumentHelp("Base URL that relative links are resolved against (default: the pack's).", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("The member the pages are of, for patterns that name it ({id}); default: from <source>-<id>.html.", valueName: "id"))
    var id: String?

    @Flag(name: .long, help: "Print each record on one line.")
    var compact = false

    @Argument(help: ArgumentHelp("Saved pages, or - for standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one saved page (or - for standard input).") }
        if files.contains("-") && source == nil {
            throw ValidationError("Reading a page from standard input needs --source, e.g. --source profile.")
        }
    }

    func run() throws {
        let (sitePack, _) = try pack.load()
        var settings = ExtractSettings(files: files)
        settings.source = source
        settings.id = id
        settings.baseURL = baseURL
        settings.compact = compact
        try ErrorAdvice.finish(try ExtractRun(settings: settings, pack: sitePack).run())
    }
}

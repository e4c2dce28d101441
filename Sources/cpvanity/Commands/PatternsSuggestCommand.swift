import App
import ArgumentParser
import Foundation

struct PatternsSuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Learn patterns from an example: a saved page and values you read on it.",
        discussion: """
            Finds each value on the page (numbers in any written form, text through entities), \
            builds patterns from the stable context around it (the id or class of the element \
            before it, with varying digits generalised; the label before it), keeps those that \
            read exactly that value with the pack's own extractor, checks them on --also pages, \
            and prints the best as TOML to paste into a pack.

            With two or more --row-title, suggests a collection instead: a row_start that cuts \
            the page into rows holding those titles, a title field, and row fields from \
            FIELD=VALUE pairs read on the first titled row.

            Example: cpvanity patterns suggest --source profile --page profile-48201.html \
            reputation.total=1204873 name="Maren Okafor" --also profile-7315.html

            Exit status 1 when a value was not found on the page or no pattern reads it.
            """
    )

    @OptionGroup var pack: PackOptions

    @Option(name: .long, help: ArgumentHelp("Which of the pack's sources the page is (profile, articles).", valueName: "name"))
    var source: String

    @Option(name: .long, help: ArgumentHelp("The saved page the values are read on.", valueName: "file"), completion: .file(extensions: ["html", "htm"]))
    var page: String

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Other saved pages of the same markup to check the patterns on.", valueName: "file"), completion: .file(extensions: ["html", "htm"]))
    var also: [String] = []

    @Option(name: .long, help: ArgumentHelp("How many patterns to print per value.", valueName: "n"))
    var count = 3

    @Option(name: .long, help: ArgumentHelp("The title of one of the page's rows (give two or three, in page order).", valueName: "title"))
    var rowTitle: [String] = []

    @Option(name: .long, help: ArgumentHelp("The collection's name, with --row-title (default: the pack's report collection, else 'rows').", valueName: "name"))
    var collection: String?

    @Argument(help: ArgumentHelp("Values read on the page, as FIELD=VALUE (type: int, decimal or text, from how the value is written; FIELD:TYPE=VALUE to say).", valueName: "field=value"))
    var values: [String] = []

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1.") }
        if rowTitle.count == 1 { throw ValidationError("Give two or more --row-title, in the order the rows are on the page.") }
        if rowTitle.isEmpty && values.isEmpty {
            throw ValidationError("Give the values you read on the page, e.g. reputation.total=1204873 name=\"Maren Okafor\".")
        }
        do throws(SuggestInputError) {
            _ = try SuggestRun.examples(values)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let (sitePack, _) = try pack.load()
        var settings = SuggestSettings(source: source, page: page)
        settings.also = also
        settings.count = count
        settings.rowTitles = rowTitle
        settings.collection = collection
        settings.values = values
        try ErrorAdvice.finish(try SuggestRun(settings: settings, pack: sitePack).run())
    }
}

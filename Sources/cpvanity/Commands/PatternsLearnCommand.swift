import App
import ArgumentParser
import Foundation

struct PatternsLearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Learn a whole pack for a new site from a saved page and the values you read on it.",
        discussion: """
            Give the values as you read them on the page, FIELD=VALUE; each field's type \
            comes from how its value is written (1,204 a count, learned rounded so that a \
            bigger member's 6.2k reads too; 4.66 decimal, 12.3k rounded, \
            Apr 2017 month, 12 Mar 2012, 2012-03-12 or 3 days ago date, Feb 17, 2009 02:05 datetime, 10 years, 3 months duration, \
            anything else text; FIELD:TYPE=VALUE to say). A list: two or three --row-title \
            in page order, and --row FIELD=VALUE for values of the first of those rows \
            (--row 'TITLE|FIELD=VALUE' for another's). Or write it all in a file, a fact a \
            line (FIELD=VALUE, row-title=TITLE, row=TITLE|FIELD=VALUE, list-count=N, id=ID for whose page it is), and \
            give it with --facts.

            The page is read into its tree (libxml2) to see where each value stands: its \
            element, its label, its box and heading, the list's items. Scripts, style \
            sheets, templates and comments are never anchored on, menus last; a value only \
            a script's data holds ("followers":1204) is read by its key, and said. The pattern \
            kept reads that value at that place with cpvanity's own extractor here and, \
            where you give the values, on every --also page; a label written in more than \
            one box is kept to the value's box (within). A value one page shows and another \
            does not gets its sign as present, so a page without it reads none. The pack (site, source, fields, the list, a count \
            and sums over it) is printed, or written to --output, ready for \
            `cpvanity patterns check`; stderr says how many values it reads right on each page.

            Example: cpvanity patterns learn --page jonas.html --url 'https://github.com/{id}' \
            --id jonashaag name="Jonas Haag" followers=329 --row-title bjoern --row-title klaus \
            --also karl.html name="Karl Lorey" followers=197 --output github.toml

            Exit status 1 when a value was not learned or a learned pattern reads a page wrong.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The saved page the values are read on.", valueName: "file"), completion: .file(extensions: ["html", "htm"]))
    var page: String

    @Option(name: .long, help: ArgumentHelp("The member page's address with {id} for the ID (default: the page's canonical link, with --id made {id}).", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("The ID of the member whose page it is.", valueName: "id"))
    var id: String?

    @Option(name: .long, help: ArgumentHelp("The site's name in the pack, for --site (default: from the address's host).", valueName: "name"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("What to call the page's source in the pack.", valueName: "name"))
    var source = "profile"

    @Option(name: .long, help: ArgumentHelp("The title of one of the list's rows (give two or three, in page order).", valueName: "title"))
    var rowTitle: [String] = []

    @Option(name: .long, help: ArgumentHelp("A value read on the first titled row, as FIELD=VALUE (repeatable).", valueName: "field=value"))
    var row: [String] = []

    @Option(name: .long, help: ArgumentHelp("A file of what you read on the page, a fact a line (FIELD=VALUE, row-title=, row=TITLE|FIELD=VALUE, list-count=N, id=ID).", valueName: "file"), completion: .file(extensions: ["facts", "txt"]))
    var facts: String?

    @Option(name: .long, help: ArgumentHelp("The list's name, with --row-title.", valueName: "name"))
    var collection = "rows"

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Another saved page of the site to check on, followed by what was read there (FIELD=VALUE, row-title=TITLE, row=TITLE|FIELD=VALUE, a .facts file); repeatable.",
                               valueName: "file [field=value...]"), completion: .file(extensions: ["html", "htm"]))
    var also: [String] = []

    @Option(name: [.short, .long], help: ArgumentHelp("Write the pack to this file instead of standard output.", valueName: "file"), completion: .file(extensions: ["toml"]))
    var output: String?

    @Argument(help: ArgumentHelp("Values read on the page, as FIELD=VALUE or FIELD:TYPE=VALUE.", valueName: "field=value"))
    var values: [String] = []

    func validate() throws {
        if rowTitle.count == 1 && facts == nil { throw ValidationError("Give two or more --row-title, in the order the rows are on the page.") }
        if rowTitle.isEmpty && values.isEmpty && facts == nil {
            throw ValidationError("Give the values you read on the page, e.g. name=\"Jonas Haag\" followers=329, two or more --row-title, or --facts FILE.")
        }
        if !row.isEmpty && rowTitle.isEmpty && facts == nil { throw ValidationError("--row gives values of titled rows: give --row-title too.") }
        do throws(SuggestInputError) {
            _ = try SuggestRun.examples(values)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        var settings = LearnSettings(page: page)
        settings.values = values
        settings.rowTitles = rowTitle
        settings.rowValues = row
        settings.facts = facts
        settings.also = also
        settings.url = url
        settings.id = id
        settings.name = name
        settings.source = source
        settings.collection = collection
        settings.output = output
        let outcome = try LearnRun(settings: settings).run()
        if let output {
            Diagnostics.info("hint: check it on saved pages with cpvanity patterns check --pack \(output) --fixtures DIR (pages named <source>-<id>.html)")
        }
        try ErrorAdvice.finish(outcome)
    }
}

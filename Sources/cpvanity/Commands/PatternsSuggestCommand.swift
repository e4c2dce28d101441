import App
import ArgumentParser
import Extraction
import Foundation
import Packs
import Report

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
        _ = try examples()
    }

    func run() throws {
        let (sitePack, _) = try pack.load()
        guard sitePack.source(named: source) != nil else {
            throw AppError.unknownSource(pack: sitePack.name, source: source, available: sitePack.sources.map(\.name))
        }
        let main = Page(source: source, bytes: [UInt8](try InputFile.read(page, role: .page)), origin: page)
        let others = try also.map { Page(source: source, bytes: [UInt8](try InputFile.read($0, role: .page)), origin: $0) }
        let suggester = PatternSuggester(source: source, baseURL: sitePack.baseURL)
        var missed = false
        if !rowTitle.isEmpty {
            missed = !suggestRows(suggester, main: main, others: others, collection: collection ?? sitePack.report.collection ?? "rows")
        } else {
            for example in try examples() {
                let candidates = suggester.suggest(example, page: main, also: others)
                Output.write(render(example, candidates))
                missed = missed || candidates.isEmpty
            }
        }
        if missed { throw ExitStatus.partialFailure }
    }

    /// Rows: a row_start, the title field and the row fields, printed; false when none holds.
    private func suggestRows(_ suggester: PatternSuggester, main: Page, others: [Page], collection: String) -> Bool {
        guard let rows = suggester.suggestRows(titles: rowTitle, fields: (try? examples()) ?? [], page: main, also: others) else {
            Diagnostics.warning("no row start found that cuts \(page) into rows holding those titles; check the titles as the page shows them, in page order")
            return false
        }
        var text = "# \(collection): \(rows.rowCount) rows on \(page)"
        text += zip(also, rows.alsoRowCounts).map { "; \($0): \($1) rows" }.joined() + "\n"
        text += rows.toml(collection: collection, source: source)
        for example in rows.unmatched {
            Diagnostics.warning("\(example.field) = \(example.value): no pattern reads it on the row titled '\(rowTitle[0])'")
        }
        Output.write(text)
        return rows.unmatched.isEmpty
    }

    private func examples() throws -> [PatternSuggester.Example] {
        try values.map { pair in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("'\(pair)' is not FIELD=VALUE; e.g. reputation.total=1204873")
            }
            var field = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            var type: FieldType?
            if let colon = field.lastIndex(of: ":") {
                guard let named = FieldType(rawValue: String(field[field.index(after: colon)...])) else {
                    throw ValidationError("'\(pair)': unknown type; use one of \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                type = named
                field = String(field[..<colon])
            }
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("'\(pair)' has no value") }
            return PatternSuggester.Example(field: field, value: value, type: type)
        }
    }

    private func render(_ example: PatternSuggester.Example, _ candidates: [PatternSuggester.Candidate]) -> String {
        let shown = "\(example.field) = \(example.value)"
        guard !candidates.isEmpty else {
            Diagnostics.warning("\(shown): not found on \(page) as a \(example.type.rawValue), or no pattern reads exactly it; check the value as the page shows it")
            return "# \(shown): no pattern found\n\n"
        }
        var text = "# \(shown): \(candidates.count) pattern\(candidates.count == 1 ? "" : "s") read it on \(page); the best \(min(count, candidates.count)):\n\n"
        for (index, candidate) in candidates.prefix(count).enumerated() {
            text += "# \(index + 1). from \(candidate.anchor)\n"
            for (other, value) in zip(also, candidate.alsoValues) {
                text += "#    \(other): \(value.map(describe) ?? "nothing")\n"
            }
            text += candidate.toml(source: source) + "\n"
        }
        return text
    }

    private func describe(_ value: FieldValue) -> String {
        switch value {
        case .null: return "null"
        case .int(let number): return String(number)
        case .decimal(let number): return "\(number)"
        case .text(let text): return "\"\(TerminalText.escaped(text))\""
        case .date(let date): return date.description
        }
    }
}

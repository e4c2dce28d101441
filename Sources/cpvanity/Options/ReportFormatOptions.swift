import ArgumentParser
import Foundation
import Report

extension OutputFormat: ExpressibleByArgument {}
extension ArticleSort: ExpressibleByArgument {}

/// How records are printed.
struct ReportFormatOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("Order of the articles list: views, rating, votes, popularity, posted or title.", valueName: "key"))
    var sort: ArticleSort = .views

    @Option(name: .long, help: ArgumentHelp("Show at most N articles per member (tables, Markdown, per-article CSV).", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "CSV: one row per article, prefixed with the member's id and name. Markdown and table: the articles alone.")
    var articles = false

    @Flag(name: .long, help: "CSV: leave cells starting with = + - @ as they are (by default they get a ' so spreadsheets do not run them).")
    var rawCSV = false

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit cannot be negative.") }
    }

    /// The format asked for, or the default for where stdout goes.
    var resolvedFormat: OutputFormat {
        format ?? Terminal.defaultFormat
    }

    func reportOptions(articlesOnly: Bool = false) -> ReportOptions {
        let onTerminal = Terminal.isTerminal(STDOUT_FILENO)
        return ReportOptions(sort: sort, limit: limit, articles: articles || articlesOnly, rawCSV: rawCSV,
                             width: Terminal.columns(), color: onTerminal && Terminal.colorAllowed)
    }
}

import App
import ArgumentParser
import Foundation
import Packs
import Report

extension OutputFormat: ExpressibleByArgument {}

/// How records are printed.
struct ReportFormatOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: OutputFormat?

    @Option(name: .long, help: ArgumentHelp(
        "Order the rows (a CodeProject member's articles) by any field of the pack's list: numbers and dates biggest first, text A to Z (e.g. views, rating, posted, title).",
        valueName: "field"))
    var sort: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Show at most N rows per member (tables, Markdown, per-row CSV).", valueName: "n"))
    var limit: Int?

    @Flag(name: [.customLong("rows"), .customLong("articles")], help: "CSV: one line per row of the pack's list (per article for CodeProject), prefixed with the member's id and name. Markdown and table: the list alone.")
    var rows = false

    @Flag(name: .long, help: "CSV: leave cells starting with = + - @ as they are (by default they get a ' so spreadsheets do not run them).")
    var rawCSV = false

    @Flag(name: [.long, .customLong("excel")], help: "CSV: begin with a UTF-8 byte-order mark, so Excel on Windows shows Zoë, not ZoÃ«.")
    var bom = false

    @Option(name: .long, help: ArgumentHelp(
        "CSV: only these columns, in this order, comma-separated: id, site, fetched_at, the pack's fields and statistics by their keys (stats.<name>), error.",
        valueName: "names"))
    var columns: String?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit).") }
    }

    /// The format asked for, or the default for where stdout goes.
    @Option(name: .customLong("json"), help: ArgumentHelp(
        "JSON with only these keys, comma-separated, nested as in the record (e.g. id,name,stats); implies --format json unless ndjson is asked.",
        valueName: "keys"))
    var jsonKeys: String?

    @OptionGroup var colorOption: ColorOption

    var resolvedFormat: OutputFormat {
        format ?? (jsonKeys != nil ? .json : nil) ?? Settings.shared.text("format").flatMap(OutputFormat.init) ?? Terminal.defaultFormat
    }

    /// The options for printing `pack`'s records as `format`. The chosen columns are
    /// checked here, before anything is fetched: a usage error names the ones unknown
    /// and lists the rest.
    func reportOptions(pack: SitePack, format: OutputFormat, rowsOnly: Bool = false) throws -> ReportOptions {
        var options = ReportOptions(sort: try sortField(pack), limit: limit, rows: rows || rowsOnly, rawCSV: rawCSV,
                                    width: Terminal.columns(), color: colorOption.enabled)
        options.plainSparklines = Terminal.plainText
        if bom {
            guard format == .csv else {
                throw ValidationError("--bom marks a CSV export for Excel; add --format csv (or an --output ending in .csv).")
            }
            options.byteOrderMark = true
        }
        if let jsonKeys {
            guard format == .json || format == .ndjson else {
                throw ValidationError("--json chooses the keys of JSON records; it goes with --format json or ndjson, not \(format.rawValue).")
            }
            options.jsonFields = try ReportFormatOptions.chosen(jsonKeys, from: JSONSelection.available(pack: pack), option: "--json", what: "key")
        }
        // The config's columns are for CSV; a flag's are refused with another format.
        guard let columns = columns ?? (format == .csv ? Settings.shared.text("columns") : nil) else { return options }
        guard format == .csv else {
            throw ValidationError("--columns chooses the columns of a CSV export; add --format csv.")
        }
        options.columns = try ReportFormatOptions.chosen(columns, from: CSVColumns.available(pack: pack, rows: options.rows),
                                                         option: "--columns", what: "column")
        return options
    }

    /// `--sort`: a field of the pack's report collection; a usage error otherwise, with a
    /// likely meaning for a typo and the fields there are.
    private func sortField(_ pack: SitePack) throws -> String? {
        guard let sort else { return nil }
        guard let collection = pack.reportCollection else {
            throw ValidationError("--sort orders a list of rows, and the \(pack.name) pack declares none.")
        }
        let names = collection.fields.map(\.name)
        guard names.contains(sort) else {
            let guess = JSONSelection.closest(to: sort, in: names).map { " (did you mean \($0)?)" } ?? ""
            throw ValidationError("--sort takes a field of the \(collection.displayName.lowercased()) list; '\(sort)' is not one\(guess). Choose from \(names.joined(separator: ", ")).")
        }
        return sort
    }

    /// The comma-separated names of `list`, each one of `available`; a usage error names
    /// the unknown ones, with a likely meaning for a typo, and lists the rest.
    static func chosen(_ list: String, from available: [String], option: String, what: String) throws -> [String] {
        let chosen = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let unknown = chosen.filter { !available.contains($0) }
        guard unknown.isEmpty, !chosen.isEmpty else {
            let named = chosen.isEmpty ? "No \(what) named" : "Unknown \(what)\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", "))"
            let guesses = unknown.compactMap { name in JSONSelection.closest(to: name, in: available).map { "\(name) → \($0)" } }
            let hint = guesses.isEmpty ? "" : " (did you mean \(guesses.joined(separator: ", "))?)"
            throw ValidationError("\(named) in \(option)\(hint); choose from \(available.joined(separator: ", ")).")
        }
        return chosen
    }
}

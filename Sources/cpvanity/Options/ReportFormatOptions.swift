import App
import ArgumentParser
import Foundation
import Packs
import Report

/// How records are written, and where.
struct ReportFormatOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "\(RecordFormats.names) (default: the --output file's extension, else table on a terminal, json otherwise).",
        discussion: RecordFormats.all.map { "\($0.name): \($0.summary)" }.joined(separator: "; ") + ".", valueName: "format"))
    var format: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Write to this file (replaced whole, atomically; - is standard output); the format follows its extension (\(RecordFormats.all.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", "))) unless --format says.",
        valueName: "file"), completion: .file(extensions: RecordFormats.all.flatMap(\.fileExtensions)))
    var outputFile: String?

    /// The file to write; nil for standard output.
    var file: String? { OutputFileCheck.file(outputFile) }

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

    @Option(name: .customLong("json"), help: ArgumentHelp(
        "JSON with only these keys, comma-separated, nested as in the record (e.g. id,name,stats); implies --format json unless ndjson is asked.",
        valueName: "keys"))
    var jsonKeys: String?

    @Flag(name: .long, help: "JSON: print the document on one line.")
    var compact = false

    @OptionGroup var colorOption: ColorOption

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit).") }
        if let format, RecordFormats.named(format) == nil {
            throw ValidationError("--format takes \(RecordFormats.names), not '\(format)'.")
        }
        if let outputFile = file {
            try OutputFileCheck.validate(outputFile, example: "members.csv")
            let suffix = URL(fileURLWithPath: outputFile).pathExtension.lowercased()
            guard format != nil || suffix.isEmpty || RecordFormats.forFile(outputFile) != nil else {
                let usual = RecordFormats.all.compactMap(\.fileExtensions.first).map { "." + $0 }
                let known = usual.dropLast().joined(separator: ", ") + " or " + (usual.last ?? "")
                throw ValidationError("--output \(outputFile): cpvanity writes no .\(suffix) files; name it \(known), or say which with --format.")
            }
        }
    }

    /// The format asked for: --format, --json's, the output file's extension (none:
    /// JSON), the config's, else the default for where stdout goes (`pipedDefault` when
    /// it is not a terminal).
    func resolvedFormat(pipedDefault: String = "json") -> any RecordFormat {
        if let format, let named = RecordFormats.named(format) { return named }
        if jsonKeys != nil, let json = RecordFormats.named("json") { return json }
        if let outputFile = file { return RecordFormats.forFile(outputFile) ?? RecordFormats.named("json") ?? Terminal.defaultFormat }
        if let configured = Settings.shared.text("format").flatMap(RecordFormats.named) { return configured }
        return Terminal.isTerminal(STDOUT_FILENO) ? Terminal.defaultFormat : RecordFormats.named(pipedDefault) ?? Terminal.defaultFormat
    }

    /// The settings for writing `pack`'s records. The options are checked against the
    /// pack and the format here, before anything is fetched.
    func settings(pack: SitePack, rowsOnly: Bool = false, pipedDefault: String = "json") throws -> OutputSettings {
        let format = resolvedFormat(pipedDefault: pipedDefault)
        var options = ReportOptions(sort: try sortField(pack), limit: limit, rows: rows || rowsOnly, rawCSV: rawCSV,
                                    width: Terminal.columns(), color: colorOption.enabled)
        options.plainSparklines = Terminal.plainText
        options.compact = compact
        if bom {
            guard format.name == "csv" else {
                throw ValidationError("--bom marks a CSV export for Excel; add --format csv (or an --output ending in .csv).")
            }
            options.byteOrderMark = true
        }
        if let jsonKeys {
            guard format.name == "json" || format.name == "ndjson" else {
                throw ValidationError("--json chooses the keys of JSON records; it goes with --format json or ndjson, not \(format.name).")
            }
            options.jsonFields = try ReportFormatOptions.chosen(jsonKeys, from: JSONSelection.available(pack: pack), option: "--json", what: "key")
        }
        if let columns {
            guard format.name == "csv" else { throw ValidationError("--columns chooses the columns of a CSV export; add --format csv.") }
            options.columns = try ReportFormatOptions.chosen(columns, from: CSVColumns.available(pack: pack, rows: options.rows),
                                                             option: "--columns", what: "column")
        } else if format.name == "csv", !options.rows, let setting = Settings.shared.value("columns") {
            // The config's columns are for a CSV line per member; a bad one names where it was set.
            do {
                options.columns = try ReportFormatOptions.chosen(setting.text, from: CSVColumns.available(pack: pack, rows: false),
                                                                 option: "the \(setting.name) setting", what: "column")
            } catch let error as ValidationError {
                throw AppError.badSetting(source: setting.source, message: error.message)
            }
        }
        return OutputSettings(format: format, options: options, file: file)
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

import App
import ArgumentParser
import Foundation

/// How records are written, and where. What each format takes is the format's own
/// (App checks the options against it and the pack before anything is fetched).
struct ReportFormatOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "\(Formats.names) (default: the --output file's extension, else table on a terminal, json otherwise).",
        discussion: Formats.summaries, valueName: "format"), completion: ValueCompletions.formats)
    var format: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Write to this file (replaced whole, atomically; - is standard output); the format follows its extension (\(Formats.extensions.map { "." + $0 }.joined(separator: ", "))) unless --format says.",
        valueName: "file"), completion: .file(extensions: Formats.extensions))
    var outputFile: String?

    /// The file to write; nil for standard output.
    var file: String? { OutputRequest.file(outputFile) }

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

    /// The options as given, with the config's and the terminal's defaults.
    func request(rowsOnly: Bool = false, pipedDefault: String = "json") throws -> OutputRequest {
        var request = try OutputRequest.forTerminal(format: format, output: outputFile, color: colorOption.enabled)
        request.sort = sort
        request.limit = limit
        request.rows = rows || rowsOnly
        request.rawCSV = rawCSV
        request.byteOrderMark = bom
        request.columns = columns
        request.jsonKeys = jsonKeys
        request.compact = compact
        request.config = try CommandConfig.settings()
        request.pipedDefault = pipedDefault
        return request
    }
}

/// `--format`, `--output` and `--color` of the commands that print a plain list
/// (feed items, feeds, tracked members): every format there is.
struct ListFormatOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("\(Formats.names) (default: the --output file's extension, else table on a terminal, json otherwise).", valueName: "format"), completion: ValueCompletions.formats)
    var format: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Write to this file (replaced whole, atomically); the format follows its extension unless --format says.", valueName: "file"),
        completion: .file(extensions: Formats.extensions))
    var outputFile: String?

    /// Lists are plain text on a terminal: no colour to choose.
    func request(limit: Int? = nil) throws -> OutputRequest {
        var request = try OutputRequest.forTerminal(format: format, output: outputFile, color: false)
        request.limit = limit
        return request
    }
}

/// `patterns check`'s `--format` and `--output`: none, the grid for people; any format,
/// a row per field and member.
struct CheckFormatOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("\(Formats.names): a row per field and member (default: the grid for people).", valueName: "format"), completion: ValueCompletions.formats)
    var format: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the rows to this file; the format follows its extension.", valueName: "file"),
            completion: .file(extensions: Formats.extensions))
    var outputFile: String?

    /// Nil: the grid.
    func settings() throws -> OutputSettings? {
        guard format != nil || outputFile != nil else { return nil }
        return try OutputRequest.forTerminal(format: format, output: outputFile, color: false).settings()
    }
}

extension OutputRequest {
    /// A request with what the terminal and the config say: width, colour, plain text.
    static func forTerminal(format: String?, output: String?, color: Bool) throws -> OutputRequest {
        var request = OutputRequest()
        request.format = format
        request.output = output
        request.color = color
        request.width = Terminal.columns()
        request.plainSparklines = Terminal.plainText
        request.toTerminal = Terminal.isTerminal(STDOUT_FILENO)
        request.config = try CommandConfig.settings()
        return request
    }
}

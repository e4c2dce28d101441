import Foundation
import Packs
import Report

/// The output options as given (format, output file, columns, ...), before
/// they are checked against the formats there are and the pack: the command line
/// fills one, `settings(pack:)` turns it into `OutputSettings` or says what is wrong
/// before anything is fetched.
public struct OutputRequest: Sendable {
    public var format: String?
    /// The file to write; nil or `-`: standard output.
    public var output: String?
    public var sort: String?
    public var limit: Int?
    public var rows = false
    public var rawCSV = false
    public var byteOrderMark = false
    public var columns: String?
    public var jsonKeys: String?
    public var compact = false
    public var color = false
    public var width = 100
    public var plainSparklines = false
    /// Standard output is a terminal (tables for people, JSON for programs).
    public var toTerminal = false
    /// The environment's and the config file's settings (`format`, `columns`), below the flags.
    public var config: Settings?
    /// The format when standard output is not a terminal and nothing else says.
    public var pipedDefault = "json"

    public init() {}

    /// The file to write; nil for standard output.
    public var file: String? { OutputRequest.file(output) }

    /// The file an output option names; nil for standard output (none, or `-`).
    public static func file(_ output: String?) -> String? { output == "-" ? nil : output }

    /// The format asked for: the named one, JSON for chosen keys, the output file's extension, the
    /// config's, else table on a terminal and `pipedDefault` otherwise.
    public func resolvedFormat() throws(OutputChoiceError) -> any RecordFormat {
        if let format {
            guard let named = RecordFormats.named(format) else { throw .unknownFormat(format) }
            // A file named for another format would hold what its name does not say.
            if let file, let byName = RecordFormats.forFile(file), byName.name != named.name {
                throw .formatAndFileDisagree(format: named.name, file: file, fileFormat: byName.name)
            }
            return named
        }
        let fallback = RecordFormats.all[0]
        if jsonKeys != nil { return RecordFormats.named("json") ?? fallback }
        if let file {
            if let byName = RecordFormats.forFile(file) { return byName }
            let suffix = URL(fileURLWithPath: file).pathExtension
            guard suffix.isEmpty else { throw .unknownExtension(file: file, suffix: suffix) }
            return RecordFormats.named("json") ?? fallback
        }
        if let configured = config?.text(.format).flatMap(RecordFormats.named) { return configured }
        return RecordFormats.named(toTerminal ? "table" : pipedDefault) ?? fallback
    }

    /// The settings for a plain list (feed items, tracked members): the format and
    /// the options every list takes.
    public func settings() throws -> OutputSettings {
        try settings(pack: nil)
    }

    /// The settings for writing `pack`'s records, checked against the pack and the
    /// format: an option the format does not take, a column or key the pack has not.
    public func settings(pack: SitePack?) throws -> OutputSettings {
        if let limit, limit < 0 { throw OutputChoiceError.negativeLimit(limit) }
        if let file { try OutputChoiceError.checkFile(file) }
        let format = try resolvedFormat()
        var options = ReportOptions(limit: limit, rows: rows, rawCSV: rawCSV, width: width, color: color)
        options.plainSparklines = plainSparklines
        options.compact = compact
        options.byteOrderMark = byteOrderMark
        for (option, given) in [(FormatOption.byteOrderMark, byteOrderMark), (.rawCells, rawCSV), (.compact, compact),
                                (.columns, columns != nil), (.keys, jsonKeys != nil)] where given && !format.takes.contains(option) {
            throw OutputChoiceError.notTaken(option, format: format.name)
        }
        guard let pack else { return OutputSettings(format: format, options: options, file: file) }
        options.sort = try sortField(pack)
        if let jsonKeys {
            options.jsonFields = try OutputChoiceError.chosen(jsonKeys, from: JSONSelection.available(pack: pack), place: FormatOption.keys.rawValue, what: "key")
        }
        if let columns {
            options.columns = try OutputChoiceError.chosen(columns, from: CSVColumns.available(pack: pack, rows: options.rows),
                                                           place: FormatOption.columns.rawValue, what: "column")
        } else if format.takes.contains(.columns), !options.rows, let setting = config?.value(.columns) {
            // The config's columns are for a line per member; a bad one names where it was set.
            do {
                options.columns = try OutputChoiceError.chosen(setting.text, from: CSVColumns.available(pack: pack, rows: false),
                                                               place: "the \(setting.name) setting", what: "column")
            } catch {
                throw AppError.badSetting(source: setting.source, message: error.description)
            }
        }
        return OutputSettings(format: format, options: options, file: file)
    }

    /// The sort field: a field of the pack's report collection.
    private func sortField(_ pack: SitePack) throws(OutputChoiceError) -> String? {
        guard let sort else { return nil }
        guard let collection = pack.reportCollection else { throw .nothingToSort(pack: pack.name) }
        let names = collection.fields.map(\.name)
        guard names.contains(sort) else { throw .unknownSortField(sort, list: collection.displayName.lowercased(), fields: names) }
        return sort
    }
}

/// One setting's value and where it was set (for its errors).
public struct SettingValue: Sendable {
    public let text: String
    /// `flag`, `environment CPVANITY_RATE`, `config /path/config.toml`, `default`.
    public let source: String
    /// The setting as the user wrote it: `rate`, `batch.rate` (a command's table), `CPVANITY_RATE`.
    public let name: String

    public init(text: String, source: String, name: String) {
        self.text = text
        self.source = source
        self.name = name
    }

    /// Where a bad value was set, for its error: `CPVANITY_RATE`, `batch.rate in config /path`.
    public var whereSet: String { source.hasPrefix("environment ") ? name : "\(name) in \(source)" }
}

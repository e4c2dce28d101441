import Report

/// An option some formats take (the command line names its flag).
public typealias FormatOption = Report.FormatOption

/// What the command line says of the formats in help and settings: their names,
/// summaries and file extensions, from the one registry (`RecordFormats`).
public enum Formats {
    /// `table, json, ndjson, csv, markdown or xlsx`.
    public static var names: String { RecordFormats.names }

    /// `table: aligned text for people at a terminal; json: ...`.
    public static var summaries: String {
        RecordFormats.all.map { "\($0.name): \($0.summary)" }.joined(separator: "; ") + "."
    }

    /// Every format's name, as `--format` takes it.
    public static var all: [String] { RecordFormats.all.map(\.name) }

    /// Every extension a format is known by.
    public static var extensions: [String] { RecordFormats.all.flatMap(\.fileExtensions) }

    public static func exists(_ name: String) -> Bool { RecordFormats.named(name) != nil }

    /// The extensions a format's files are named with, the usual first.
    public static func extensions(of name: String) -> [String] { RecordFormats.named(name)?.fileExtensions ?? [] }

    /// The formats that take `option`, by name.
    public static func taking(_ option: FormatOption) -> [String] { RecordFormats.taking(option) }
}

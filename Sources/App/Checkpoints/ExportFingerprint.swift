import Packs
import Report

/// What must match for `--resume` to continue the same export: the options that shape
/// each row, and the pack's fields and statistics (the CSV's columns; rows from the checkpoint are
/// written out as they were rendered, so an edited pack would shift them). Stored in
/// the checkpoint's header as `key=value` words, as earlier versions wrote it.
public struct ExportFingerprint: Sendable, Equatable {
    public var format: String
    public var articles: Bool
    public var sort: String
    public var limit: Int?
    public var rawCSV: Bool
    /// Only when chosen, so that checkpoints written before --columns existed still match.
    public var columns: [String]?
    /// Only when chosen (`--json`), as `columns`.
    public var jsonFields: [String]?
    /// The pack's fields and each collection's (`articles[kind,title,...]`); nil when an
    /// earlier version did not record them.
    public var fields: String?

    public init(format: OutputFormat, options: ReportOptions, pack: SitePack) {
        self.format = format.rawValue
        articles = options.rows
        sort = options.sort ?? pack.report.sortField ?? "page"
        limit = options.limit
        rawCSV = options.rawCSV
        columns = options.columns
        jsonFields = options.jsonFields
        let rowFields = pack.collections.map { "\($0.name)[\($0.fields.map(\.name).joined(separator: ","))]" }
        let stats = pack.stats.isEmpty ? [] : ["stats[\(pack.stats.map(\.name).joined(separator: ","))]"]
        fields = (pack.fields.map(\.name) + rowFields + stats).joined(separator: ",")
    }

    /// As the header stores it.
    public var encoded: String {
        var words = ["format=\(format)", "articles=\(articles)", "sort=\(sort)", "limit=\(limit.map(String.init) ?? "none")",
                     "raw-csv=\(rawCSV)"]
        if let columns { words.append("columns=\(columns.joined(separator: ","))") }
        if let jsonFields { words.append("json=\(jsonFields.joined(separator: ","))") }
        if let fields { words.append("fields=\(fields)") }
        return words.joined(separator: " ")
    }

    /// What differs between the fingerprint a checkpoint holds (`encoded`) and this one,
    /// in words for the user; empty when they match.
    public func differences(fromStored stored: String) -> [String] {
        let before = ExportFingerprint.words(stored), now = ExportFingerprint.words(encoded)
        var differences = [String]()
        for key in Set(before.keys).union(now.keys) where key != "fields" && before[key] != now[key] {
            differences.append("\(key)=\(before[key] ?? "(unset)") then, \(key)=\(now[key] ?? "(unset)") now")
        }
        if before["fields"] == nil {
            differences.append("written by an earlier version of cpvanity, which did not record the pack's fields")
        } else if before["fields"] != now["fields"] {
            differences.append("the pack's fields have changed since")
        }
        return differences.sorted()
    }

    private static func words(_ encoded: String) -> [String: String] {
        var words = [String: String]()
        for item in encoded.split(separator: " ") {
            let parts = item.split(separator: "=", maxSplits: 1)
            words[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return words
    }
}

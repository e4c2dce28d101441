import Foundation
import Lookup
import Packs

/// A member's values over time, as the history holds them: each point is the
/// values seen from `time` until `lastSeen`.
public struct HistorySeries: Sendable {
    public struct Point: Sendable {
        public let time: Date
        public let lastSeen: Date
        public let values: [String: FieldValue]
        /// For a point read from a web archive, its captures; nil for a live lookup.
        public let archived: String?

        public init(time: Date, lastSeen: Date, values: [String: FieldValue], archived: String? = nil) {
            self.time = time
            self.lastSeen = lastSeen
            self.values = values
            self.archived = archived
        }
    }

    public let id: String
    public let site: String
    /// `field` for scalar series; for row series, the row's key (its link's path).
    public let key: String?
    public let title: String?
    public let points: [Point]

    public init(id: String, site: String, key: String? = nil, title: String? = nil, points: [Point]) {
        self.id = id
        self.site = site
        self.key = key
        self.title = title
        self.points = points
    }
}

/// `history` output in every format.
public enum HistoryReport {
    /// `series` are one member's scalar series, or one per row with `rows`. Tables and
    /// Markdown head the values with their labels in `pack`; JSON and CSV keep keys.
    public static func render(_ series: [HistorySeries], fields: [String], format: OutputFormat, rows: Bool,
                              pack: SitePack, options: ReportOptions) -> String {
        switch format {
        case .json:
            return JSONValue.array(series.map { json($0, fields: fields, rows: rows) }).serialized() + "\n"
        case .ndjson:
            return series.flatMap { one in
                one.points.map { point in
                    var members: [(String, JSONValue)] = [("id", .string(one.id))]
                    if rows { members += [("key", .string(one.key ?? "")), ("title", one.title.map { .string($0) } ?? .null)] }
                    members += pointMembers(point, fields: fields)
                    return JSONValue.object(members).serialized(pretty: false) + "\n"
                }
            }.joined()
        case .csv:
            var out = CSVText.row(["id"] + (rows ? ["key", "title"] : []) + ["time", "last_seen"] + fields)
            for one in series {
                for point in one.points {
                    out += CSVText.row([one.id] + (rows ? [one.key ?? "", CSVText.neutralised(one.title ?? "", raw: options.rawCSV)] : [])
                                       + [point.time.formatted(.iso8601), point.lastSeen.formatted(.iso8601)]
                                       + fields.map { CSVText.cell(point.values[$0], raw: options.rawCSV) })
                }
            }
            return out
        case .markdown, .table:
            let labels = fields.map { rows ? pack.rowLabel($0) : pack.label(of: $0) }
            return series.map { table($0, fields: fields, labels: labels, markdown: format == .markdown, options: options) }.joined(separator: "\n")
        }
    }

    private static func pointMembers(_ point: HistorySeries.Point, fields: [String]) -> [(String, JSONValue)] {
        [("time", .string(point.time.formatted(.iso8601))), ("last_seen", .string(point.lastSeen.formatted(.iso8601)))]
            + (point.archived.map { [("archived", JSONValue.string($0))] } ?? [])
            + fields.map { ($0, RecordJSON.json(point.values[$0] ?? .null)) }
    }

    private static func json(_ series: HistorySeries, fields: [String], rows: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(series.id)), ("site", .string(series.site))]
        if rows { members += [("key", .string(series.key ?? "")), ("title", series.title.map { .string($0) } ?? .null)] }
        members.append(("points", .array(series.points.map { .object(pointMembers($0, fields: fields)) })))
        return .object(members)
    }

    /// Time down the side, fields across, each value with its change from the point before.
    private static func table(_ series: HistorySeries, fields: [String], labels: [String], markdown: Bool, options: ReportOptions) -> String {
        let title = series.title.map { "\($0) (\(series.id))" } ?? "\(series.id) (\(series.site))"
        let rows: [[String]] = series.points.enumerated().map { index, point in
            let before = index > 0 ? series.points[index - 1] : nil
            return [point.time.formatted(.iso8601) + (point.archived == nil ? "" : " archived")] + fields.map { field in
                // A value the page did not show is unknown, and nothing is computed against it.
                guard let value = point.values[field], value != .null else { return "unknown" }
                let change = before.flatMap { previous -> FieldChange? in
                    guard let old = previous.values[field], old != .null, old != value else { return nil }
                    return FieldChange(from: old, to: value, seenAt: previous.lastSeen)
                }
                return DisplayText.of(value, change: change)
            }
        }
        let header = ["time"] + labels
        let numeric = [false] + fields.map { field in series.points.contains { DisplayText.isNumeric($0.values[field]) } }
        if markdown {
            return "### \(MarkdownText.escape(title))\n\n" + MarkdownText.row(header) + MarkdownText.alignment(numeric)
                + rows.map(MarkdownText.row).joined()
        }
        guard !rows.isEmpty else { return "\(title)\n  no snapshots\n" }
        let widths = header.indices.map { index in ([header[index]] + rows.map { $0[index] }).map(DisplayText.width).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = "  " + cells.enumerated().map { DisplayText.pad($1, to: widths[$0], right: numeric[$0]) }.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        let style = TerminalStyle(enabled: options.color)
        return ([style.bold(title), style.dim(line(header))] + rows.map(line) + trends(series, fields: fields, labels: labels, options: options))
            .joined(separator: "\n") + "\n"
    }

    /// Under the table, each numeric field's trend beside its first and last known values.
    private static func trends(_ series: HistorySeries, fields: [String], labels: [String], options: ReportOptions) -> [String] {
        guard series.points.count >= 2 else { return [] }
        let numeric = zip(fields, labels).filter { field, _ in series.points.contains { Sparkline.number($0.values[field]) != nil } }
        let width = numeric.map { DisplayText.width($0.1) }.max() ?? 0
        let lines = numeric.map { field, label -> String in
            let values = series.points.map { Sparkline.number($0.values[field]) }
            let known = series.points.compactMap { point in point.values[field].flatMap { $0 == .null ? nil : $0 } }
            let ends = [known.first, known.last].compactMap { $0 }.map { DisplayText.of($0, change: nil) }.joined(separator: " → ")
            return "  " + DisplayText.pad(label, to: width, right: false) + "  " + Sparkline.line(values, ascii: options.plainSparklines) + "  " + ends
        }
        return lines.isEmpty ? [] : ["  trend"] + lines
    }
}

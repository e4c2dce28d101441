import Foundation
import Lookup
import Packs

/// What `history` formats share: a point as JSON members, a series as a table.
public enum HistoryReport {
    /// Tables (or Markdown) of each series, one after the other: time down the side,
    /// the fields across under their labels in the pack.
    static func tables(_ view: HistoryView, markdown: Bool) -> String {
        let labels = view.fields.map { view.rows ? view.pack.rowLabel($0) : view.pack.label(of: $0) }
        let types = view.fields.map { view.rows ? nil : view.pack.field(named: $0)?.type }
        return view.series.map { table($0, fields: view.fields, labels: labels, types: types, markdown: markdown, options: view.options) }
            .joined(separator: "\n")
    }

    static func pointMembers(_ point: HistorySeries.Point, fields: [String]) -> [(String, JSONValue)] {
        [("time", .string(point.time.formatted(.iso8601))), ("last_seen", .string(point.lastSeen.formatted(.iso8601)))]
            + (point.capturesText.map { [("archived", JSONValue.string($0))] } ?? [])
            + fields.map { ($0, RecordJSON.json(point.values[$0] ?? .null)) }
    }

    static func json(_ series: HistorySeries, fields: [String], rows: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(series.id)), ("site", .string(series.site))]
        if rows { members += [("key", .string(series.key ?? "")), ("title", series.title.map { .string($0) } ?? .null)] }
        members.append(("points", .array(series.points.map { .object(pointMembers($0, fields: fields)) })))
        return .object(members)
    }

    /// Time down the side, fields across, each value with its change from the point before.
    private static func table(_ series: HistorySeries, fields: [String], labels: [String], types: [FieldType?], markdown: Bool,
                              options: ReportOptions) -> String {
        let title = series.title.flatMap { $0 == series.id ? nil : "\($0) (\(series.id))" } ?? "\(series.id) (\(series.site))"
        let rows: [[String]] = series.points.enumerated().map { index, point in
            let before = index > 0 ? series.points[index - 1] : nil
            return [point.time.formatted(.iso8601) + (point.archived == nil ? "" : " archived")] + zip(fields, types).map { field, type in
                // A value the page did not show is unknown, and nothing is computed against it.
                guard let value = point.values[field], value != .null else { return "unknown" }
                let change = before.flatMap { previous -> FieldChange? in
                    guard let old = previous.values[field], old != .null, old != value else { return nil }
                    return FieldChange(from: old, to: value, seenAt: previous.lastSeen)
                }
                return DisplayText.of(value, change: change, type: type)
            }
        }
        let header = ["time"] + labels
        let numeric = [false] + fields.map { field in series.points.contains { DisplayText.isNumeric($0.values[field]) } }
        if markdown {
            return "### \(MarkdownText.escape(title))\n\n" + MarkdownText.row(header) + MarkdownText.alignment(numeric)
                + rows.map(MarkdownText.row).joined()
        }
        guard !rows.isEmpty else { return "\(title)\n  no snapshots\n" }
        let grid = TextGrid(fitting: [header] + rows, rightAligned: numeric, indent: "  ")
        let style = TerminalStyle(enabled: options.color)
        // Wider than the terminal, the fields go on below in blocks, each led by the time.
        let blocks = grid.blocks(room: max(40, options.width)).map { block in
            ([style.dim(grid.line(header, columns: block))] + rows.map { grid.line($0, columns: block) }).joined(separator: "\n")
        }
        return ([style.bold(title), blocks.joined(separator: "\n\n")] + trends(series, fields: fields, labels: labels, options: options))
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

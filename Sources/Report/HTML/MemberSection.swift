import Extraction
import Foundation
import Lookup
import Packs

/// One member's part of the HTML report: card, the pack's breakdowns, the headline
/// over time, what changed, the rows. Every section says so when it has nothing to
/// show; every heading and column is a label from the pack.
struct MemberSection {
    let member: HTMLReport.Member
    let pack: SitePack
    let index: Int

    private var record: MemberRecord { member.record }
    private var fields: [String: FieldValue] { record.extracted.fields }

    var html: String {
        let name = record.displayName(pack.report) ?? record.id
        var out = "<section class=\"member\" id=\"member-\(HTMLEscaping.attribute(record.id))\"><h2>\(HTMLEscaping.text(name)) <span class=\"id\">(\(HTMLEscaping.text(record.id)))</span></h2>\n"
        out += card() + pack.report.breakdowns.map(breakdown).joined() + overTime() + changes()
            + RowSection(record: record, pack: pack, index: index).html
        if !record.errors.isEmpty {
            out += "<h3>Problems</h3><ul class=\"errors\">" + record.errors.map { "<li>\(HTMLEscaping.text($0.description))</li>" }.joined() + "</ul>"
        }
        return out + "</section>\n"
    }

    private func card() -> String {
        let summary = pack.report.summary.prefix(2).map { path in
            "<div><span class=\"label\">\(HTMLEscaping.text(pack.label(of: path)))</span> <strong>\(HTMLEscaping.text(record.shown(path, pack: pack)))</strong></div>"
        }.joined()
        var links = record.sources.map { "<a href=\"\(HTMLEscaping.attribute($0.url))\">\(HTMLEscaping.text($0.name)) page</a>" }
        // A link, not an image: the report makes no request of its own.
        if let photo = pack.report.photoField, case .text(let url)? = fields[photo] {
            links.append("<a href=\"\(HTMLEscaping.attribute(url))\">\(HTMLEscaping.text(pack.label(of: photo).lowercased()))</a>")
        }
        let when = record.isArchived ? "archived \(record.shownAt.formatted(.iso8601))" : "looked up \(record.fetchedAt.formatted(.iso8601))"
        return "<div class=\"card\">\(summary)<div class=\"meta\">\(links.joined(separator: " · ")) · \(when)</div></div>\n"
    }

    /// A breakdown's fields as a table of its rows and columns.
    private func breakdown(_ breakdown: ReportSpec.Breakdown) -> String {
        let numeric = breakdown.columns.map { column in
            breakdown.rows.contains { DisplayText.isNumeric(fields[breakdown.field(row: $0.key, column: column.key)]) }
        }
        let head = "<tr><td></td>" + breakdown.columns.map { "<th scope=\"col\">\(HTMLEscaping.text($0.label))</th>" }.joined() + "</tr>"
        let rows = breakdown.rows.map { row -> String in
            "<tr><th scope=\"row\">\(HTMLEscaping.text(row.label))</th>" + breakdown.columns.enumerated().map { index, column in
                let value = fields[breakdown.field(row: row.key, column: column.key)]
                return "<td\(numeric[index] ? " class=\"number\"" : "")>\(HTMLEscaping.text(DisplayText.of(value)))</td>"
            }.joined() + "</tr>"
        }.joined()
        return "<h3>\(HTMLEscaping.text(breakdown.label))</h3><table><thead>\(head)</thead><tbody>\(rows)</tbody></table>\n"
    }

    /// The headline, and each breakdown's `over_time` column, as lines over the history.
    static func drawnOverTime(_ pack: SitePack) -> [String] {
        guard let headline = pack.report.headline else { return [] }
        return [headline] + pack.report.breakdowns.flatMap { breakdown in
            breakdown.overTime.map { column in breakdown.rows.map { breakdown.field(row: $0.key, column: column) } } ?? []
        }
    }

    private func overTime() -> String {
        guard let headline = pack.report.headline else { return "" }
        let what = pack.label(of: headline)
        let title = "<h3>\(HTMLEscaping.text(what)) over time</h3>"
        guard member.history.count >= 2 else {
            return title + "<p class=\"note\">\(member.history.count == 1 ? "One lookup in the history so far" : "No history yet"): look the member up again later, or backfill the history from a web archive, to see it move.</p>\n"
        }
        let series = MemberSection.drawnOverTime(pack).map { name in
            SVGChart.Series(name: pack.label(of: name), points: member.history.map { (time: $0.time, value: Sparkline.number($0.values[name]), hollow: $0.archived != nil) })
        }.filter { $0.points.contains { $0.value != nil } }
        guard !series.isEmpty else { return title + "<p class=\"note\">Every value in the history is unknown: nothing to draw.</p>\n" }
        let chart = SVGChart.lines(series, id: "over-time-\(index)", title: "\(what) of \(record.id) over time",
                                   description: "\(series.count) lines, \(member.history.count) points; open circles are archived captures, gaps are unknown values")
        let legend = series.enumerated().map { "<li class=\"series-\($0.offset % 8)\">\(HTMLEscaping.text($0.element.name))</li>" }.joined()
        let names = MemberSection.drawnOverTime(pack).filter { name in member.history.contains { Sparkline.number($0.values[name]) != nil } }
        return title + "<figure>\(chart)<ul class=\"legend\">\(legend)<li class=\"hollow-key\">open: archived</li></ul></figure>" + numbers(names: names) + "\n"
    }

    /// The same numbers as the chart, as a table.
    private func numbers(names: [String]) -> String {
        let head = "<tr><th>time</th><th>from</th>" + names.map { "<th>\(HTMLEscaping.text(pack.label(of: $0)))</th>" }.joined() + "</tr>"
        let rows = member.history.map { point in
            "<tr><td>\(point.time.formatted(.iso8601))</td><td>\(point.archived == nil ? "lookup" : "archive")</td>"
                + names.map { "<td>\(HTMLEscaping.text(DisplayText.of(point.values[$0])))</td>" }.joined() + "</tr>"
        }.joined()
        return "<details><summary>The numbers</summary><table class=\"numbers\">\(head)\(rows)</table></details>"
    }

    private func changes() -> String {
        let title = "<h3>What changed since the previous lookup</h3>"
        guard let previous = record.previousLookup else { return title + "<p class=\"note\">This is the first live lookup in the history.</p>\n" }
        guard !record.changes.isEmpty else { return title + "<p class=\"note\">Nothing changed since \(previous.formatted(.iso8601)).</p>\n" }
        let items = record.changes.sorted { $0.key < $1.key }.map { key, change in
            "<li>\(HTMLEscaping.text(changeLabel(key))) was \(HTMLEscaping.text(DisplayText.of(change.previous)))"
                + (change.delta.map { " (\(HTMLEscaping.text($0 > 0 ? "+" : ""))\(HTMLEscaping.text($0.description)))" } ?? "") + "</li>"
        }.joined()
        return title + "<ul class=\"changes\">\(items)</ul>\n"
    }

    /// A field's label; a row's change (`articles[<key>].views`) as `<title>: Views`.
    private func changeLabel(_ key: String) -> String {
        guard let open = key.firstIndex(of: "["), let close = key.lastIndex(of: "]"), open < close else { return pack.label(of: key) }
        let collection = String(key[..<open]), rowKey = String(key[key.index(after: open)..<close])
        let field = String(key[key.index(after: close)...].drop { $0 == "." })
        let row = record.extracted.collections[collection]?.first { pack.report.rowKey($0) == rowKey }
        var title = rowKey
        if let titleField = pack.report.titleField, case .text(let text)? = row?[titleField] { title = text }
        return "\(title): \(pack.label(of: "\(collection).\(field)"))"
    }
}

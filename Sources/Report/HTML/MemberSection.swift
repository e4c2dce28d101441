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
    private var fields: [String: FieldValue] { record.extracted.fields.mapValues(\.value) }

    var html: String {
        let heading = record.headingName(pack.report).map { "\(HTMLEscaping.text($0)) <span class=\"id\">(\(HTMLEscaping.text(record.id)))</span>" }
            ?? HTMLEscaping.text(record.id)
        var out = "<section class=\"member\" id=\"member-\(HTMLEscaping.attribute(record.id))\"><h2>\(heading)</h2>\n"
        out += card() + statistics() + pack.report.breakdowns.map(breakdown).joined() + overTime() + changes()
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

    /// Every statistic the pack declares, by its label: what the pack computes is shown
    /// without a `[report]` key asking for it (a top row as its first field and the value
    /// that ranked it).
    private func statistics() -> String {
        guard !pack.stats.isEmpty, let stats = record.extracted.stats else { return "" }
        let rows = pack.stats.compactMap { stat -> String? in
            let shown: String
            var numeric = false
            switch stats[stat.name] {
            case .row(let row?)?:
                shown = stat.shown(row, pack: pack)
            case .row(nil)?: return nil
            case .value(let reading)?:
                shown = record.shown("stats.\(stat.name)", pack: pack)
                numeric = DisplayText.isNumeric(reading.value)
            case nil: shown = "unknown"
            }
            return "<tr><th scope=\"row\">\(HTMLEscaping.text(stat.displayName))</th><td\(numeric ? " class=\"number\"" : "")>\(HTMLEscaping.text(shown))</td></tr>"
        }.joined()
        return "<h3>Statistics</h3><div class=\"scroll\"><table class=\"statistics\"><tbody>\(rows)</tbody></table></div>\n"
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
        return "<h3>\(HTMLEscaping.text(breakdown.label))</h3><div class=\"scroll\"><table><thead>\(head)</thead><tbody>\(rows)</tbody></table></div>\n"
    }

    /// The headline, and each breakdown's `over_time` column, as lines over the history.
    static func drawnOverTime(_ pack: SitePack) -> [String] {
        guard let headline = pack.report.headline else { return [] }
        return [headline] + parts(pack).map(\.field)
    }

    /// Each breakdown's `over_time` column by row, with the row's label: the parts of
    /// the headline, drawn apart from it (under a total of millions, a part of thousands
    /// would lie flat on the zero line).
    static func parts(_ pack: SitePack) -> [(field: String, label: String)] {
        pack.report.breakdowns.flatMap { breakdown in
            breakdown.overTime.map { column in breakdown.rows.map { (breakdown.field(row: $0.key, column: column), $0.label) } } ?? []
        }
    }

    private func overTime() -> String {
        guard let headline = pack.report.headline else { return "" }
        let what = pack.label(of: headline)
        let title = "<h3>\(HTMLEscaping.text(what)) over time</h3>"
        guard member.history.count >= 2 else {
            // A point is stored when something changed: lookups that found the same numbers extend it.
            let said: String
            if let only = member.history.first, only.lastSeen > only.time {
                said = "The same numbers at every lookup from \(only.time.formatted(.iso8601)) to \(only.lastSeen.formatted(.iso8601)), one point in the history"
            } else {
                said = member.history.isEmpty ? "No history yet" : "One lookup in the history so far"
            }
            return title + "<p class=\"note\">\(said): look the member up again later, or backfill the history from a web archive, to see it move.</p>\n"
        }
        func series(_ field: String, _ name: String) -> SVGChart.Series {
            SVGChart.Series(name: name, points: member.history.map { (time: $0.time, value: Sparkline.number($0.values[field]), hollow: $0.archived != nil) })
        }
        let total = series(headline, what)
        guard total.points.contains(where: { $0.value != nil }) else { return title + "<p class=\"note\">Every value in the history is unknown: nothing to draw.</p>\n" }
        let chart = SVGChart.lines([total], id: "over-time-\(index)", title: "\(what) of \(record.id) over time",
                                   description: "\(member.history.count) points; open circles are archived captures, gaps are unknown values")
        // The parts, each on its own scale, small and alike; those that stayed at zero
        // throughout are named in one line, not drawn flat one by one.
        let known = MemberSection.parts(pack).map { series($0.field, $0.label) }.filter { $0.points.contains { $0.value != nil } }
        let zero = known.filter { $0.points.allSatisfy { $0.value == nil || $0.value == 0 } }
        let parts = known.filter { part in !zero.contains { $0.name == part.name } }
        let multiples = parts.enumerated().map { offset, part in
            "<figure class=\"small\"><figcaption>\(HTMLEscaping.text(part.name))</figcaption>"
                + SVGChart.lines([part], id: "part-\(index)-\(offset)", title: "\(part.name) of \(record.id) over time",
                                 description: "\(member.history.count) points", frame: .small) + "</figure>"
        }.joined()
        let names = MemberSection.drawnOverTime(pack).filter { name in member.history.contains { Sparkline.number($0.values[name]) != nil } }
        let archived = member.history.contains { $0.archived != nil }
        let legend = archived ? "<ul class=\"legend\"><li class=\"hollow-key\">open: archived</li></ul>" : ""
        let zeroNote = zero.isEmpty ? "" : "<p class=\"note zero\">Zero throughout: \(HTMLEscaping.text(zero.map(\.name).joined(separator: ", "))).</p>"
        return title + "<figure>\(chart)\(legend)</figure>"
            + (multiples.isEmpty ? "" : "<div class=\"multiples\">\(multiples)</div>") + zeroNote + numbers(names: names) + "\n"
    }

    /// The same numbers as the chart, as a table.
    private func numbers(names: [String]) -> String {
        let partLabels = Dictionary(MemberSection.parts(pack).map { ($0.field, $0.label) }, uniquingKeysWith: { first, _ in first })
        let head = "<tr><th>time</th><th>from</th>" + names.map { "<th>\(HTMLEscaping.text(partLabels[$0] ?? pack.label(of: $0)))</th>" }.joined() + "</tr>"
        let rows = member.history.map { point in
            "<tr><td>\(point.time.formatted(.iso8601))</td><td>\(point.archived == nil ? "lookup" : "archive")</td>"
                + names.map { "<td>\(HTMLEscaping.text(DisplayText.of(point.values[$0])))</td>" }.joined() + "</tr>"
        }.joined()
        return "<details><summary>The numbers</summary><div class=\"scroll\"><table class=\"numbers\">\(head)\(rows)</table></div></details>"
    }

    private func changes() -> String {
        let title = "<h3>What changed since the previous lookup</h3>"
        guard let previous = record.previousLookup else { return title + "<p class=\"note\">This is the first live lookup in the history.</p>\n" }
        guard !record.changes.isEmpty else { return title + "<p class=\"note\">Nothing changed since \(previous.formatted(.iso8601)).</p>\n" }
        // As refresh says them: "Cache Heap Shader — Views 2,345,678 (−1,222)".
        let items = ChangeList.rows(record, pack: pack).map { row -> String in
            let cell = { (index: Int) in row.indices.contains(index) ? row[index].shown : "" }
            let delta = cell(6)
            return "<li>\(HTMLEscaping.text(cell(3))) <strong>\(HTMLEscaping.text(cell(4)))</strong>"
                + (delta.isEmpty ? "" : " (\(HTMLEscaping.text(delta)))") + "</li>"
        }.joined()
        return title + "<ul class=\"changes\">\(items)</ul>\n"
    }
}

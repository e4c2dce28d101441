import Extraction
import Foundation
import Lookup
import Packs

/// One member's part of the HTML report: card, reputation, its course over time, what
/// changed, the articles. Every section says so when it has nothing to show.
struct MemberSection {
    let member: HTMLReport.Member
    let pack: SitePack
    let index: Int

    private var record: MemberRecord { member.record }
    private var fields: [String: FieldValue] { record.extracted.fields }
    /// The group the first summary field is in (`reputation` of `reputation.total`).
    private var group: String { String((pack.report.summary.first ?? "reputation.total").split(separator: ".").first ?? "reputation") }

    var html: String {
        let name = record.displayName(pack.report) ?? record.id
        var out = "<section class=\"member\" id=\"member-\(HTMLEscaping.attribute(record.id))\"><h2>\(HTMLEscaping.text(name)) <span class=\"id\">(\(HTMLEscaping.text(record.id)))</span></h2>\n"
        out += card() + categories() + overTime() + changes() + ArticleSection(record: record, pack: pack, index: index).html
        if !record.errors.isEmpty {
            out += "<h3>Problems</h3><ul class=\"errors\">" + record.errors.map { "<li>\(HTMLEscaping.text($0.description))</li>" }.joined() + "</ul>"
        }
        return out + "</section>\n"
    }

    private func card() -> String {
        let summary = pack.report.summary.prefix(2).map { field in
            "<div><span class=\"label\">\(HTMLEscaping.text(field))</span> <strong>\(HTMLEscaping.text(DisplayText.of(fields[field])))</strong></div>"
        }.joined()
        var links = record.sources.map { "<a href=\"\(HTMLEscaping.attribute($0.url))\">\(HTMLEscaping.text($0.name)) page</a>" }
        // A link, not an image: the report makes no request of its own.
        if case .text(let avatar)? = fields.first(where: { $0.key.hasPrefix("avatar") })?.value { links.append("<a href=\"\(HTMLEscaping.attribute(avatar))\">photo</a>") }
        let when = record.isArchived ? "archived \(record.shownAt.formatted(.iso8601))" : "looked up \(record.fetchedAt.formatted(.iso8601))"
        return "<div class=\"card\">\(summary)<div class=\"meta\">\(links.joined(separator: " · ")) · \(when)</div></div>\n"
    }

    /// `reputation.<category>.points` and `.level`, as the pack names them.
    private var categoryNames: [String] {
        var names = [String]()
        for field in pack.fields.map(\.name) {
            let parts = field.split(separator: ".").map(String.init)
            if parts.count == 3, parts[0] == group, !names.contains(parts[1]) { names.append(parts[1]) }
        }
        return names
    }

    private func categories() -> String {
        let names = categoryNames
        guard !names.isEmpty else { return "" }
        let rows = names.map { category -> String in
            let points = fields["\(group).\(category).points"], level = fields["\(group).\(category).level"]
            return "<tr><th scope=\"row\">\(HTMLEscaping.text(category))</th><td class=\"number\">\(HTMLEscaping.text(DisplayText.of(points)))</td>"
                + "<td>\(HTMLEscaping.text(DisplayText.of(level)))</td></tr>"
        }.joined()
        return "<h3>\(HTMLEscaping.text(group.capitalized)) by category</h3><table><thead><tr><th>category</th><th>points</th><th>level</th></tr></thead><tbody>\(rows)</tbody></table>\n"
    }

    private func overTime() -> String {
        let title = "<h3>\(HTMLEscaping.text(group.capitalized)) over time</h3>"
        guard member.history.count >= 2 else {
            return title + "<p class=\"note\">\(member.history.count == 1 ? "One lookup in the history so far" : "No history yet"): look the member up again later, or backfill from a web archive (cpvanity history \(HTMLEscaping.text(record.id)) --backfill), to see it move.</p>\n"
        }
        let total = pack.report.summary.first ?? "\(group).total"
        let names = [total] + categoryNames.map { "\(group).\($0).points" }
        let series = names.map { name in
            SVGChart.Series(name: name, points: member.history.map { (time: $0.time, value: Sparkline.number($0.values[name]), hollow: $0.archived != nil) })
        }.filter { $0.points.contains { $0.value != nil } }
        guard !series.isEmpty else { return title + "<p class=\"note\">Every value in the history is unknown: nothing to draw.</p>\n" }
        let chart = SVGChart.lines(series, id: "reputation-\(index)", title: "\(group) of \(record.id) over time",
                                   description: "\(series.count) lines, \(member.history.count) points; open circles are archived captures, gaps are unknown values")
        let legend = series.enumerated().map { "<li class=\"series-\($0.offset % 8)\">\(HTMLEscaping.text($0.element.name))</li>" }.joined()
        return title + "<figure>\(chart)<ul class=\"legend\">\(legend)<li class=\"hollow-key\">open: archived</li></ul></figure>" + numbers(names: series.map(\.name)) + "\n"
    }

    /// The same numbers as the chart, as a table.
    private func numbers(names: [String]) -> String {
        let head = "<tr><th>time</th><th>from</th>" + names.map { "<th>\(HTMLEscaping.text($0))</th>" }.joined() + "</tr>"
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
            "<li><code>\(HTMLEscaping.text(key))</code> was \(HTMLEscaping.text(DisplayText.of(change.previous)))"
                + (change.delta.map { " (\(HTMLEscaping.text($0 > 0 ? "+" : ""))\(HTMLEscaping.text($0.description)))" } ?? "") + "</li>"
        }.joined()
        return title + "<ul class=\"changes\">\(items)</ul>\n"
    }
}

import Extraction
import Foundation
import Lookup
import Packs

/// A member's articles: a table that sorts by each column (and reads fine without
/// script), views and rating per article, and articles posted per year.
struct ArticleSection {
    let record: MemberRecord
    let pack: SitePack
    let index: Int

    private var rows: [ExtractedRecord.Row] {
        pack.report.collection.flatMap { record.extracted.collections[$0] } ?? []
    }

    var html: String {
        guard let collection = pack.report.collection else { return "" }
        let title = "<h3>\(HTMLEscaping.text(collection.capitalized))</h3>"
        guard record.extracted.collections[collection] != nil else {
            return title + "<p class=\"note\">The \(HTMLEscaping.text(collection)) page was not read.</p>\n"
        }
        guard !rows.isEmpty else { return title + "<p class=\"note\">No \(HTMLEscaping.text(collection)) listed.</p>\n" }
        return title + table() + perArticle() + perYear()
    }

    private func table() -> String {
        let columns = pack.report.columns
        let numeric = Set(columns.filter { column in rows.contains { Sparkline.number($0[column]) != nil } })
        let head = columns.map { column in
            "<th data-column=\"\(HTMLEscaping.attribute(column))\" data-type=\"\(numeric.contains(column) ? "number" : "text")\">"
                + "<button type=\"button\">\(HTMLEscaping.text(column))</button></th>"
        }.joined()
        let titleField = pack.report.roles[.title], urlField = pack.report.roles[.url]
        let body = rows.map { row in
            "<tr>" + columns.map { column -> String in
                let value = row[column]
                let sort = Sparkline.number(value).map { String($0) } ?? (value.map(DisplayText.of) ?? "")
                var shown = HTMLEscaping.text(DisplayText.of(value))
                if column == titleField, let urlField, case .text(let url)? = row[urlField], url.hasPrefix("http") {
                    shown = "<a href=\"\(HTMLEscaping.attribute(url))\">\(shown)</a>"
                }
                let sortValue = value == nil || value == .null ? "" : sort
                return "<td data-sort=\"\(HTMLEscaping.attribute(sortValue))\"\(numeric.contains(column) ? " class=\"number\"" : "")>\(shown)</td>"
            }.joined() + "</tr>"
        }.joined()
        return "<table class=\"sortable\" id=\"articles-\(index)\"><thead><tr>\(head)</tr></thead><tbody>\(body)</tbody></table>\n"
    }

    /// Views per article as bars, and the rating as bars of its own.
    private func perArticle() -> String {
        let titleField = pack.report.roles[.title]
        func label(_ row: ExtractedRecord.Row, _ position: Int) -> String {
            if let titleField, case .text(let title)? = row[titleField] { return title }
            return "#\(position + 1)"
        }
        var out = ""
        for (role, what) in [(ReportSpec.Role.views, "views"), (.rating, "rating")] {
            guard let field = pack.report.roles[role] else { continue }
            let bars = rows.enumerated().map { (label: label($0.element, $0.offset), value: Sparkline.number($0.element[field])) }
            let known = bars.filter { $0.value != nil }.count
            guard known > 0 else {
                out += "<p class=\"note\">No article shows its \(what).</p>"
                continue
            }
            out += "<figure>" + SVGChart.bars(bars, id: "\(what)-\(index)", title: "\(what.capitalized) per article",
                                              description: "\(known) of \(bars.count) articles show their \(what)")
                + "<figcaption>\(what.capitalized) per article\(known < bars.count ? " (\(bars.count - known) unknown, not drawn)" : "")</figcaption></figure>"
        }
        return out + "\n"
    }

    private func perYear() -> String {
        guard let field = pack.report.roles[.posted] else { return "" }
        var years = [Int: Int]()
        var undated = 0
        for row in rows {
            if case .date(let day)? = row[field] { years[day.year, default: 0] += 1 } else { undated += 1 }
        }
        let title = "<h3>Posted per year</h3>"
        guard let first = years.keys.min(), let last = years.keys.max() else {
            return title + "<p class=\"note\">No article shows when it was posted.</p>\n"
        }
        let bars = (first...last).map { (label: String($0), value: Double?(Double(years[$0] ?? 0))) }
        let chart = SVGChart.bars(bars, id: "years-\(index)", title: "Articles posted per year",
                                  description: "\(first) to \(last); \(undated) without a posted date")
        return title + "<figure>\(chart)\(undated > 0 ? "<figcaption>\(undated) without a posted date, not counted</figcaption>" : "")</figure>\n"
    }
}

import Extraction
import Foundation
import Lookup
import Packs

/// A member's rows of the report's collection: a table that sorts by each column (and
/// reads fine without script), the pack's row fields as bars, and rows per year.
struct RowSection {
    let record: MemberRecord
    let pack: SitePack
    let index: Int

    private var collection: CollectionRule? { pack.reportCollection }

    private var rows: [ExtractedRecord.Row] {
        collection.flatMap { record.extracted.collections[$0.name] } ?? []
    }

    var html: String {
        guard let collection else { return "" }
        let title = "<h3>\(HTMLEscaping.text(collection.displayName))</h3>"
        guard record.extracted.collections[collection.name] != nil else {
            return title + "<p class=\"note\">The \(HTMLEscaping.text(collection.source)) page was not read.</p>\n"
        }
        guard !rows.isEmpty else { return title + "<p class=\"note\">No \(HTMLEscaping.text(collection.displayName.lowercased())) listed.</p>\n" }
        return title + table() + charts(collection) + perYear(collection)
    }

    private func table() -> String {
        let columns = pack.report.columns
        let numeric = Set(columns.filter { column in rows.contains { Sparkline.number($0[column]) != nil } })
        let head = columns.map { column in
            "<th data-column=\"\(HTMLEscaping.attribute(column))\" data-type=\"\(numeric.contains(column) ? "number" : "text")\">"
                + "<button type=\"button\">\(HTMLEscaping.text(pack.rowLabel(column)))</button></th>"
        }.joined()
        let titleField = pack.report.titleField, linkField = pack.report.linkField
        let body = rows.map { row in
            "<tr>" + columns.map { column -> String in
                let value = row[column]
                let sort = Sparkline.number(value).map { String($0) } ?? (value.map(DisplayText.of) ?? "")
                var shown = HTMLEscaping.text(DisplayText.of(row[reading: column], change: nil))
                if column == titleField, let linkField, case .text(let url)? = row[linkField], url.hasPrefix("http") {
                    shown = "<a href=\"\(HTMLEscaping.attribute(url))\">\(shown)</a>"
                }
                let sortValue = value == nil || value == .null ? "" : sort
                let kind = numeric.contains(column) ? " class=\"number\"" : column == titleField ? " class=\"title\"" : ""
                return "<td data-sort=\"\(HTMLEscaping.attribute(sortValue))\"\(kind)>\(shown)</td>"
            }.joined() + "</tr>"
        }.joined()
        return "<div class=\"scroll\"><table class=\"sortable\" id=\"rows-\(index)\"><thead><tr>\(head)</tr></thead><tbody>\(body)</tbody></table></div>\n"
    }

    /// Rows a chart draws: the top ones by its value; the rest are in the table.
    static let chartedRows = 15

    /// Each of the pack's `row_charts` as bars across, one per row with its whole title:
    /// the top `chartedRows` by the chart's value.
    private func charts(_ collection: CollectionRule) -> String {
        let titleField = pack.report.titleField
        func label(_ row: ExtractedRecord.Row, _ position: Int) -> String {
            if let titleField, case .text(let title)? = row[titleField] { return title }
            return "#\(position + 1)"
        }
        var out = "<div class=\"charts\">"
        for field in pack.report.rowCharts {
            let what = pack.rowLabel(field)
            let bars = rows.enumerated().map { (label: label($0.element, $0.offset), value: Sparkline.number($0.element[field])) }
            let known = bars.filter { $0.value != nil }.count
            guard known > 0 else {
                out += "<p class=\"note\">No \(HTMLEscaping.text(collection.itemName)) shows its \(HTMLEscaping.text(what.lowercased())).</p>"
                continue
            }
            let top = bars.compactMap { bar in bar.value.map { (label: bar.label, value: $0) } }
                .enumerated().sorted { $0.element.value != $1.element.value ? $0.element.value > $1.element.value : $0.offset < $1.offset }
                .prefix(RowSection.chartedRows).map(\.element)
            let title = "\(what) per \(collection.itemName)"
            var notes = [String]()
            if known > top.count { notes.append("the top \(top.count) of \(known); all in the table") }
            if known < bars.count { notes.append("\(bars.count - known) unknown, not drawn") }
            out += "<figure>" + SVGChart.horizontalBars(top, id: "\(field)-\(index)", title: title,
                                                        description: "\(known) of \(bars.count) show their \(what.lowercased()); the top \(top.count) drawn")
                + "<figcaption>\(HTMLEscaping.text(title))\(notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")</figcaption></figure>"
        }
        return out + "</div>\n"
    }

    /// Rows counted by the year of the pack's `per_year` date.
    private func perYear(_ collection: CollectionRule) -> String {
        guard let field = pack.report.perYear else { return "" }
        var years = [Int: Int]()
        var undated = 0
        for row in rows {
            if case .date(let day)? = row[field] { years[day.year, default: 0] += 1 } else { undated += 1 }
        }
        let what = "\(collection.displayName) per year (\(pack.rowLabel(field).lowercased()))"
        let title = "<h3>\(HTMLEscaping.text(what))</h3>"
        guard let first = years.keys.min(), let last = years.keys.max() else {
            return title + "<p class=\"note\">No \(HTMLEscaping.text(collection.itemName)) shows its \(HTMLEscaping.text(pack.rowLabel(field).lowercased())) date.</p>\n"
        }
        let bars = (first...last).map { (label: String($0), value: Double?(Double(years[$0] ?? 0))) }
        let chart = SVGChart.bars(bars, id: "years-\(index)", title: what,
                                  description: "\(first) to \(last); \(undated) without a date")
        return title + "<figure>\(chart)\(undated > 0 ? "<figcaption>\(undated) without a date, not counted</figcaption>" : "")</figure>\n"
    }
}

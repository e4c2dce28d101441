import Extraction
import Lookup
import Packs

/// The report for people at a terminal: the member's name and ID; each group of
/// fields (by the first part of their dotted names) on a line, nested groups as a
/// small table; the statistics; the articles sorted, fitted to the width, with a
/// totals row; then any errors. Nothing here knows a site: the layout follows the
/// pack's field names.
struct TableFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions
    var header: String { "" }
    var separator: String { "\n" }

    private var style: TerminalStyle { TerminalStyle(enabled: options.color) }

    func chunk(_ record: MemberRecord) -> String {
        let record = TerminalText.safe(record)
        var lines = [String]()
        let name = record.displayName(pack.report)
        lines.append(style.bold(name.map { "\($0) (\(record.id))" } ?? record.id) + style.dim("  \(pack.title)"))
        if !options.articles {
            lines += fieldLines(record)
            lines += trendLine(record)
            if let stats = MemberStats(record.extracted, spec: pack.report) { lines += statsLines(stats) }
        }
        lines += articleLines(record)
        if !record.errors.isEmpty {
            lines.append(style.red("errors"))
            for error in record.errors { lines.append("  " + style.red(error.description)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Fields

    /// The first summary field over the history, when there are two points or more.
    private func trendLine(_ record: MemberRecord) -> [String] {
        guard record.trend.count >= 2, let field = pack.report.summary.first else { return [] }
        let line = Sparkline.line(record.trend.map(Sparkline.number), ascii: options.plainSparklines)
        return [style.dim(DisplayText.pad("trend", to: 12, right: false)) + "\(field)  \(line)  (\(record.trend.count) points in the history)"]
    }

    private func fieldLines(_ record: MemberRecord) -> [String] {
        let fields = pack.fields.map(\.name).filter { $0 != pack.report.nameField && record.extracted.fields[$0] != nil }
        var groups = [(String, [String])]()
        for field in fields {
            let head = String(field.split(separator: ".").first ?? "")
            if let index = groups.firstIndex(where: { $0.0 == head }) { groups[index].1.append(field) } else { groups.append((head, [field])) }
        }
        let labelWidth = min(16, (groups.map { DisplayText.width($0.0) }.max() ?? 0) + 2)
        var lines = [String]()
        for (head, members) in groups {
            let label = style.dim(DisplayText.pad(head, to: labelWidth, right: false))
            let indent = String(repeating: " ", count: labelWidth)
            if members == [head] {
                lines.append(label + DisplayText.truncate(DisplayText.of(record.extracted.fields[head], change: record.changes[head]),
                                                          to: max(10, options.width - labelWidth)))
                continue
            }
            // "head.key" fields inline; "head.row.column" fields as a small table.
            let inline = members.filter { $0.split(separator: ".").count == 2 }
            let nested = members.filter { $0.split(separator: ".").count >= 3 }
            let items = inline.map { "\($0.split(separator: ".")[1]) \(DisplayText.of(record.extracted.fields[$0], change: record.changes[$0]))" }
            lines += wrap(items, first: label, indent: indent)
            if !nested.isEmpty {
                if items.isEmpty { lines.append(label) }
                lines += nestedTable(nested, record: record, indent: indent)
            }
        }
        return lines
    }

    private func nestedTable(_ fields: [String], record: MemberRecord, indent: String) -> [String] {
        var rows = [String]()
        var columns = [String]()
        for field in fields {
            let parts = field.split(separator: ".").map(String.init)
            let row = parts[1], column = parts[2...].joined(separator: ".")
            if !rows.contains(row) { rows.append(row) }
            if !columns.contains(column) { columns.append(column) }
        }
        let head = fields.first.map { String($0.split(separator: ".")[0]) } ?? ""
        let values = rows.map { row in columns.map { record.extracted.fields["\(head).\(row).\($0)"] } }
        let cells = rows.map { row in columns.map { column in
            DisplayText.of(record.extracted.fields["\(head).\(row).\(column)"], change: record.changes["\(head).\(row).\(column)"])
        } }
        let numeric = columns.indices.map { index in values.contains { DisplayText.isNumeric($0[index]) } }
        let rowWidth = rows.map(DisplayText.width).max() ?? 0
        let widths = columns.indices.map { index in
            max(DisplayText.width(columns[index]), cells.map { DisplayText.width($0[index]) }.max() ?? 0)
        }
        // A left-aligned last column would pad every line with trailing spaces.
        func trimmed(_ line: String) -> String {
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        var lines = [indent + style.dim(trimmed(DisplayText.pad("", to: rowWidth, right: false) + zip(columns, widths).enumerated().map { index, pair in
            "  " + DisplayText.pad(pair.0, to: pair.1, right: numeric[index])
        }.joined()))]
        for (row, values) in zip(rows, cells) {
            lines.append(indent + trimmed(DisplayText.pad(row, to: rowWidth, right: false) + values.enumerated().map { index, value in
                "  " + DisplayText.pad(value, to: widths[index], right: numeric[index])
            }.joined()))
        }
        return lines
    }

    private func statsLines(_ stats: MemberStats) -> [String] {
        let labelWidth = 12
        var items = ["listed \(DisplayText.grouped(stats.listed))", "views \(DisplayText.grouped(stats.totalViews))",
                     "votes \(DisplayText.grouped(stats.totalVotes))", "bookmarks \(DisplayText.grouped(stats.totalBookmarks))",
                     "downloads \(DisplayText.grouped(stats.totalDownloads))"]
        items.append("weighted rating \(stats.weightedRating.map(DisplayText.twoPlaces) ?? "-")")
        items.append("average rating \(stats.averageRating.map(DisplayText.twoPlaces) ?? "-")")
        items.append("popularity \(stats.popularity.map(DisplayText.twoPlaces) ?? "-")")
        let indent = String(repeating: " ", count: labelWidth)
        var lines = wrap(items, first: style.dim(DisplayText.pad("stats", to: labelWidth, right: false)), indent: indent)
        if let top = stats.topArticle {
            let text = "top \(top.title ?? "-") (\(DisplayText.grouped(top.views)) views)"
            lines.append(indent + DisplayText.truncate(text, to: max(10, options.width - labelWidth)))
        }
        return lines
    }

    /// Items joined with " · ", broken into lines that fit the width.
    private func wrap(_ items: [String], first: String, indent: String) -> [String] {
        guard !items.isEmpty else { return [] }
        var lines = [String]()
        var line = ""
        let room = max(20, options.width - DisplayText.width(indent))
        for item in items.map({ DisplayText.truncate($0, to: room) }) {
            if line.isEmpty { line = item; continue }
            if DisplayText.width(line) + 3 + DisplayText.width(item) > room {
                lines.append(line)
                line = item
            } else {
                line += " · " + item
            }
        }
        lines.append(line)
        return lines.enumerated().map { index, text in (index == 0 ? first : indent) + text }
    }

    // MARK: Articles

    private func articleLines(_ record: MemberRecord) -> [String] {
        guard let collection = pack.report.collection, let all = record.extracted.collections[collection] else { return [] }
        let rows = ArticleRows.of(record, spec: pack.report, options: options)
        var title = "\(collection) (\(all.count)"
        if rows.count < all.count { title += ", top \(rows.count)" }
        title += ", by \(options.sort.rawValue))"
        var lines = [style.bold(title)]
        guard !rows.isEmpty else { return lines }
        // The title (the first text column) takes what the others leave, down to 12
        // columns; if that is still too wide, the pack's last columns go first.
        var columns = pack.report.columns
        let flexibleName = pack.report.roles[.title] ?? columns.first ?? ""
        func naturalWidth(_ column: String) -> Int {
            ([column, DisplayText.of(nil)] + rows.map { DisplayText.of($0[column]) }).map(DisplayText.width).max() ?? 0
        }
        while columns.count > 2,
              columns.filter({ $0 != flexibleName }).reduce(2, { $0 + naturalWidth($1) + 2 }) + 12 > options.width,
              let last = columns.last(where: { $0 != flexibleName }) {
            columns.removeAll { $0 == last }
        }
        let text = rows.map { row in
            columns.map { column in
                DisplayText.of(row[column], change: pack.report.rowKey(row).flatMap { record.changes["\(collection)[\($0)].\(column)"] })
            }
        }
        let totals = ArticleTotals.cells(rows, columns: columns, label: "total")
        let numeric = columns.map { column in rows.contains { DisplayText.isNumeric($0[column]) } }
        var widths = columns.indices.map { index in
            ([columns[index], totals[index]] + text.map { $0[index] }).map(DisplayText.width).max() ?? 0
        }
        let flexible = columns.firstIndex(of: flexibleName) ?? 0
        let others = widths.enumerated().filter { $0.offset != flexible }.reduce(0) { $0 + $1.element + 2 } + 2
        widths[flexible] = max(12, min(widths[flexible], options.width - others))
        func line(_ cells: [String]) -> String {
            var text = "  " + cells.enumerated().map { index, cell in
                DisplayText.pad(DisplayText.truncate(cell, to: widths[index]), to: widths[index], right: numeric[index])
            }.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        lines.append(style.dim(line(columns)))
        lines += text.map(line)
        lines.append(style.bold(line(totals)))
        return lines
    }
}

/// ANSI styling, or none at all.
struct TerminalStyle {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

import Rules

enum MarkdownText {
    static func row(_ cells: [String]) -> String {
        "| " + cells.map(escape).joined(separator: " | ") + " |\n"
    }

    static func alignment(_ numeric: [Bool]) -> String {
        "|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
    }

    static func escape(_ cell: String) -> String {
        cell.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }
}

/// One table row per member: ID, name, the pack's summary fields and the statistics.
struct MarkdownMemberFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions

    private var hasStats: Bool { pack.report.collection != nil }

    var header: String {
        var labels = ["ID"] + (pack.report.nameField.map { [$0] } ?? []) + pack.report.summary
        var numeric = [false] + (pack.report.nameField == nil ? [] : [false]) + pack.report.summary.map { name in
            pack.fields.first { $0.name == name }.map { $0.type == .int || $0.type == .decimal } ?? false
        }
        if hasStats {
            labels += ["listed", "total views", "total votes", "weighted rating"]
            numeric += [true, true, true, true]
        }
        labels.append("errors")
        numeric.append(false)
        return MarkdownText.row(labels) + MarkdownText.alignment(numeric)
    }

    func chunk(_ record: MemberRecord) -> String {
        var cells = [record.id]
        if pack.report.nameField != nil { cells.append(record.displayName(pack.report) ?? "-") }
        cells += pack.report.summary.map { DisplayText.of(record.extracted.fields[$0]) }
        if hasStats {
            if let stats = MemberStats(record.extracted, spec: pack.report) {
                cells += [DisplayText.grouped(stats.listed), DisplayText.grouped(stats.totalViews), DisplayText.grouped(stats.totalVotes),
                          stats.weightedRating.map(DisplayText.twoPlaces) ?? "-"]
            } else {
                cells += ["-", "-", "-", "-"]
            }
        }
        cells.append(record.errors.isEmpty ? "" : record.errorSummary)
        return MarkdownText.row(cells)
    }
}

/// Per member: a heading, then the articles table with a totals row.
struct MarkdownArticleFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions
    var header: String { "" }
    var separator: String { "\n" }

    func chunk(_ record: MemberRecord) -> String {
        let name = record.displayName(pack.report).map { "\($0) (\(record.id))" } ?? record.id
        var out = "### \(MarkdownText.escape(name))\n\n"
        if !record.errors.isEmpty {
            for error in record.errors { out += "- \(MarkdownText.escape(error.description))\n" }
            out += "\n"
        }
        let rows = ArticleRows.of(record, spec: pack.report, options: options)
        guard !rows.isEmpty else { return out + "No articles.\n" }
        let columns = pack.report.columns
        let numeric = columns.map { column in rows.contains { DisplayText.isNumeric($0[column]) } }
        out += MarkdownText.row(columns) + MarkdownText.alignment(numeric)
        for row in rows {
            out += MarkdownText.row(columns.map { column in
                if column == pack.report.roles[.title], let url = pack.report.roles[.url], case .text(let link)? = row[url],
                   case .text(let title)? = row[column] {
                    return "[\(title.replacingOccurrences(of: "]", with: "\\]"))](\(link))"
                }
                return DisplayText.of(row[column])
            })
        }
        out += MarkdownText.row(ArticleTotals.cells(rows, columns: columns, label: "**total**").map { $0.isEmpty || $0 == "**total**" ? $0 : "**\($0)**" })
        return out
    }
}

/// Sums of the integer columns (views, votes, …), for a totals row.
enum ArticleTotals {
    static func cells(_ rows: [ExtractedRecord.Row], columns: [String], label: String) -> [String] {
        columns.enumerated().map { index, column in
            if index == 0 { return label }
            var sum = 0
            var any = false
            for row in rows {
                if case .int(let value)? = row[column] { sum += value; any = true }
                else if let value = row[column], value != .null { return "" }
            }
            return any ? DisplayText.grouped(sum) : ""
        }
    }
}

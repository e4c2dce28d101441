import Extraction
import Lookup
import Packs

enum MarkdownText {
    /// A row of plain texts, each escaped.
    static func row(_ cells: [String]) -> String {
        markupRow(cells.map(escape))
    }

    /// A row of cells already in Markdown (escaped text, links), written as they are.
    static func markupRow(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |\n"
    }

    static func alignment(_ numeric: [Bool]) -> String {
        "|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
    }

    /// Text as Markdown shows it: a backslash before each character that would start
    /// markup in a table cell (a link's brackets, HTML's angle brackets, code, the cell's
    /// bar), line breaks as spaces.
    static func escape(_ cell: String) -> String {
        var out = ""
        out.reserveCapacity(cell.utf8.count)
        for character in cell {
            switch character {
            case "\\", "|", "[", "]", "<", ">", "`": out += "\\" + String(character)
            case "\n", "\r", "\r\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// `[text](url)` for an http(s) URL; any other URL (`javascript:`, `data:`) is no
    /// link, only its text.
    static func link(_ text: String, to url: String) -> String {
        guard let lower = url.split(separator: ":", maxSplits: 1).first?.lowercased(), lower == "http" || lower == "https" else {
            return escape(text)
        }
        var target = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "(", ")", " ", "<", ">", "|", "\\", "`", "[", "]": target += "%" + String(format: "%02X", scalar.value)
            default: target.unicodeScalars.append(scalar)
            }
        }
        return "[\(escape(text))](\(target))"
    }
}

/// One table row per member: ID, name, the pack's summary values, then the values it
/// compares members by (`[report] compare`) that the summary does not show; headed
/// by their labels.
struct MarkdownMemberFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions

    private var values: [String] {
        let summary = pack.report.summary
        return summary + pack.report.compare.filter { !summary.contains($0) }
    }

    var header: String {
        let labels = ["ID"] + (pack.report.nameField.map { [pack.label(of: $0)] } ?? []) + values.map(pack.label(of:)) + ["errors"]
        let numeric = [false] + (pack.report.nameField == nil ? [] : [false]) + values.map { pack.columns.column(named: $0)?.type?.isNumber ?? false } + [false]
        return MarkdownText.row(labels) + MarkdownText.alignment(numeric)
    }

    func chunk(_ record: MemberRecord) -> String {
        let record = TerminalText.safe(record)
        var cells = [record.id]
        if pack.report.nameField != nil {
            let archived = record.isArchived ? " (as of \(record.shownAt.formatted(.iso8601.year().month().day())), archived)" : ""
            cells.append((record.displayName(pack.report) ?? "-") + archived)
        }
        cells += values.map { record.shown($0, pack: pack) }
        cells.append(record.errors.isEmpty ? "" : record.errorSummary)
        return MarkdownText.row(cells)
    }
}

/// Per member: a heading, then the report collection's table with a totals row.
struct MarkdownRowFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions
    var header: String { "" }
    var separator: String { "\n" }

    func chunk(_ record: MemberRecord) -> String {
        let record = TerminalText.safe(record)
        let name = record.headingText(pack.report)
        var out = "### \(MarkdownText.escape(name))\n\n"
        if !record.errors.isEmpty {
            for error in record.errors { out += "- \(MarkdownText.escape(error.description))\n" }
            out += "\n"
        }
        let rows = ReportRows.of(record, pack: pack, options: options)
        guard !rows.isEmpty else { return out + "No \(pack.reportCollection?.displayName.lowercased() ?? "rows").\n" }
        let columns = pack.report.columns
        let numeric = columns.map { column in rows.contains { DisplayText.isNumeric($0[column]) } }
        out += MarkdownText.row(columns.map(pack.rowLabel)) + MarkdownText.alignment(numeric)
        for row in rows {
            out += MarkdownText.markupRow(columns.map { column in
                if column == pack.report.titleField, let link = pack.report.linkField, case .text(let url)? = row[link],
                   case .text(let title)? = row[column] {
                    return MarkdownText.link(title, to: url)
                }
                return MarkdownText.escape(DisplayText.of(row[reading: column], change: nil))
            })
        }
        let all = pack.reportCollection.flatMap { record.extracted.collections[$0.name]?.count } ?? rows.count
        let totals = RowTotals.marked(RowTotals.cells(rows, columns: columns, label: RowTotals.label(shown: rows.count, of: all)), columns: columns, rows: rows)
        out += MarkdownText.markupRow(totals.map { $0.isEmpty ? $0 : "**\($0)**" })
        return out
    }
}

/// Sums of the integer columns (views, votes, …), for a totals row.
enum RowTotals {
    /// "total", or "total of 8" when only the top rows are shown: not to be read as the
    /// member's whole (the record's statistics are).
    static func label(shown: Int, of all: Int) -> String {
        shown < all ? "total of \(shown)" : "total"
    }

    /// A totals row with `≈` before each total over a value some row showed rounded:
    /// the total is known no closer.
    static func marked(_ totals: [String], columns: [String], rows: [ExtractedRecord.Row]) -> [String] {
        zip(totals, columns).enumerated().map { index, pair in
            index > 0 && !pair.0.isEmpty && rows.contains { $0[reading: pair.1]?.step != nil } ? "≈ " + pair.0 : pair.0
        }
    }

    static func cells(_ rows: [ExtractedRecord.Row], columns: [String], label: String) -> [String] {
        columns.enumerated().map { index, column in
            if index == 0 { return label }
            var sum = 0
            var any = false
            for row in rows {
                if case .int(let value)? = row[column] {
                    // A hostile page's views would overflow; the total stands at the most.
                    sum = sum.addingReportingOverflow(value).overflow ? .max : sum + value
                    any = true
                }
                else if let value = row[column], value != .null { return "" }
            }
            return any ? DisplayText.grouped(sum) : ""
        }
    }
}

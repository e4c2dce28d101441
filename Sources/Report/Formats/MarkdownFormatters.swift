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
        let record = TerminalText.safe(record)
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
        let record = TerminalText.safe(record)
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
            out += MarkdownText.markupRow(columns.map { column in
                if column == pack.report.roles[.title], let url = pack.report.roles[.url], case .text(let link)? = row[url],
                   case .text(let title)? = row[column] {
                    return MarkdownText.link(title, to: link)
                }
                return MarkdownText.escape(DisplayText.of(row[column]))
            })
        }
        out += MarkdownText.markupRow(ArticleTotals.cells(rows, columns: columns, label: "**total**").map { $0.isEmpty || $0 == "**total**" ? $0 : "**\($0)**" })
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

/// A plain table as Markdown, cells escaped (for lists such as `track list`).
public enum MarkdownTable {
    public static func render(header: [String], rows: [[String]]) -> String {
        MarkdownText.row(header) + MarkdownText.alignment(header.map { _ in false })
            + rows.map { MarkdownText.row($0.map(TerminalText.escaped)) }.joined()
    }
}

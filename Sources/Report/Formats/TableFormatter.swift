import Extraction
import Lookup
import Packs

/// The report for people at a terminal: the member's name and ID; the fields by
/// their labels, a line per group (the first part of their dotted names), a
/// breakdown the pack declares as a small table; the statistics; the rows sorted,
/// fitted to the width, with a totals row; then any errors. Nothing here knows a
/// site: what is shown, and what it is called, comes from the pack.
struct TableFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions
    var header: String { "" }
    var separator: String { "\n" }
    var isStyled: Bool { options.color }

    private var style: TerminalStyle { TerminalStyle(enabled: options.color) }

    func chunk(_ record: MemberRecord) -> String {
        let record = TerminalText.safe(record)
        var lines = [String]()
        // An archived lookup says so first: these are the numbers of its capture, not today's.
        let archived = record.isArchived ? ", as of \(record.shownAt.formatted(.iso8601.year().month().day())), archived capture" : ""
        lines.append(style.bold(record.headingText(pack.report)) + style.dim("  \(pack.title)\(archived)"))
        if !options.rows {
            lines += fieldLines(record)
            lines += trendLine(record)
            if let stats = record.extracted.stats { lines += statsLines(stats, record: record) }
        }
        lines += RowTable(pack: pack, options: options, style: style).lines(record)
        lines += ListsTable(pack: pack, options: options, style: style).lines(record)
        if !record.errors.isEmpty {
            lines.append(style.red("errors"))
            for error in record.errors { lines.append("  " + style.red(error.description)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Label value`: measured as plain text, shown with the label dimmed.
    private struct Item {
        let label: String
        let value: String

        var width: Int { DisplayText.width(label) + 1 + DisplayText.width(value) }

        /// Cut to `room` columns (the value first); an address never, since a cut one
        /// cannot be followed or copied (the terminal wraps it).
        func fitted(to room: Int) -> Item {
            guard width > room, !value.hasPrefix("http://"), !value.hasPrefix("https://") else { return self }
            return Item(label: label, value: DisplayText.truncate(value, to: max(1, room - DisplayText.width(label) - 1)))
        }
    }

    private func item(_ label: String, _ value: String) -> Item {
        Item(label: label, value: value)
    }

    private func shown(_ item: Item) -> String {
        style.dim(item.label) + " " + item.value
    }

    // MARK: Fields

    /// The headline over the history, when there are two points or more.
    private func trendLine(_ record: MemberRecord) -> [String] {
        guard record.trend.count >= 2, let field = pack.report.headline else { return [] }
        let line = Sparkline.line(record.trend.map(Sparkline.number), ascii: options.plainSparklines)
        return [shown(item("Trend of \(pack.label(of: field))", "\(line)  (\(record.trend.count) points in the history)"))]
    }

    private func fieldLines(_ record: MemberRecord) -> [String] {
        let inBreakdown = Set(pack.report.breakdowns.flatMap(\.fields))
        var groups = [(head: String, columns: [RecordColumn])]()
        for column in pack.columns.fields where column.key != pack.report.nameField && record.extracted[column.path] != nil {
            let head = String(column.key.split(separator: ".").first ?? "")
            if let index = groups.firstIndex(where: { $0.head == head }) { groups[index].columns.append(column) } else { groups.append((head, [column])) }
        }
        var lines = [String]()
        for group in groups {
            let items = group.columns.filter { !inBreakdown.contains($0.key) }.map { column in
                item(column.label, DisplayText.of(record.extracted[column.path], change: record.changes[column.path], type: column.type))
            }
            lines += wrap(items)
            for breakdown in pack.report.breakdowns where breakdown.group == group.head {
                lines += breakdownTable(breakdown, record: record)
            }
        }
        return lines
    }

    /// A breakdown's fields as rows and columns, headed by its labels.
    private func breakdownTable(_ breakdown: ReportSpec.Breakdown, record: MemberRecord) -> [String] {
        let cells = breakdown.rows.map { row in breakdown.columns.map { column in
            let field = breakdown.field(row: row.key, column: column.key)
            return DisplayText.of(record.extracted.fields[field], change: record.changes[.field(field)])
        } }
        let numeric = breakdown.columns.map { column in
            breakdown.rows.contains { DisplayText.isNumeric(record.extracted.value(breakdown.field(row: $0.key, column: column.key))) }
        }
        let rowWidth = max(DisplayText.width(breakdown.label) - 2, breakdown.rows.map { DisplayText.width($0.label) }.max() ?? 0)
        let widths = breakdown.columns.indices.map { index in
            max(DisplayText.width(breakdown.columns[index].label), cells.map { DisplayText.width($0[index]) }.max() ?? 0)
        }
        // The rows' labels under the breakdown's, two in.
        let grid = TextGrid(widths: [rowWidth + 2] + widths, rightAligned: [false] + numeric)
        var lines = [style.dim(grid.line([breakdown.label] + breakdown.columns.map(\.label)))]
        for (row, values) in zip(breakdown.rows, cells) {
            lines.append(grid.line(["  " + row.label] + values))
        }
        return lines
    }

    /// Scalar statistics flow on lines; an object statistic (a top row) has a line of
    /// its own: its first field, and the value that ranked it.
    private func statsLines(_ stats: Statistics, record: MemberRecord) -> [String] {
        var items = [Item](), lines = [String]()
        for stat in pack.stats {
            switch stats[stat.name] {
            case .row(let row?)?:
                // The title is cut to fit, never the value that ranked it.
                let (title, ranking) = stat.shownParts(row, pack: pack)
                let room = max(20, options.width) - DisplayText.width(ranking)
                let fitted = item(stat.displayName, title).fitted(to: max(room, DisplayText.width(stat.displayName) + 2))
                lines.append(self.shown(item(fitted.label, fitted.value + ranking)))
            case .row(nil)?:
                continue
            case .value?:
                items.append(item(stat.displayName, record.shown("stats.\(stat.name)", pack: pack)))
            case nil:
                items.append(item(stat.displayName, "-"))
            }
        }
        return wrap(items) + lines
    }

    /// Items joined with " · ", broken into lines that fit the width.
    private func wrap(_ items: [Item]) -> [String] {
        let room = max(20, options.width)
        var lines = [[Item]]()
        var width = 0
        for item in items.map({ $0.fitted(to: room) }) {
            if let last = lines.last, !last.isEmpty, width + 3 + item.width <= room {
                lines[lines.count - 1].append(item)
                width += 3 + item.width
            } else {
                lines.append([item])
                width = item.width
            }
        }
        return lines.map { $0.map(shown).joined(separator: " · ") }
    }
}

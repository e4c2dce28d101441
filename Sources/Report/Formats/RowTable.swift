import Extraction
import Lookup
import Packs

/// A member's rows of the report's collection as a terminal table: sorted and limited
/// as asked, headed by the fields' labels, fitted to the width, with a totals row.
struct RowTable {
    let pack: SitePack
    let options: ReportOptions
    let style: TerminalStyle

    func lines(_ record: MemberRecord) -> [String] {
        guard let collection = pack.reportCollection, let all = record.extracted.collections[collection.name] else { return [] }
        let rows = ReportRows.of(record, pack: pack, options: options)
        var title = "\(collection.displayName) (\(all.count)"
        if rows.count < all.count { title += ", top \(rows.count)" }
        if let sort = ReportRows.sortField(pack, options: options) { title += ", by \(pack.rowLabel(sort))" }
        var lines = [style.bold(title + ")")]
        guard !rows.isEmpty else { return lines }
        // The title column takes what the others leave, down to a third of the width
        // (12 at least); if that is still too wide, columns go: the pack's `narrow_drop`
        // first, in its order, then the last ones.
        var columns = pack.report.columns
        let flexibleName = pack.report.titleField.flatMap { columns.contains($0) ? $0 : nil } ?? columns.first ?? ""
        func naturalWidth(_ column: String) -> Int {
            ([pack.rowLabel(column), DisplayText.of(nil)] + rows.map { DisplayText.of($0[column]) }).map(DisplayText.width).max() ?? 0
        }
        let titleFloor = min(naturalWidth(flexibleName), max(12, options.width / 3))
        while columns.count > 2,
              columns.filter({ $0 != flexibleName }).reduce(2, { $0 + naturalWidth($1) + 2 }) + titleFloor > options.width,
              let drop = pack.report.narrowDrop.first(where: { columns.contains($0) && $0 != flexibleName })
                ?? columns.last(where: { $0 != flexibleName }) {
            columns.removeAll { $0 == drop }
        }
        let text = rows.map { row in
            columns.map { column in
                DisplayText.of(row[reading: column], change: pack.report.rowKey(row).flatMap { record.changes[.cell(list: collection.name, row: .key($0), field: column)] })
            }
        }
        let headings = columns.map(pack.rowLabel)
        let totals = RowTotals.marked(RowTotals.cells(rows, columns: columns, label: RowTotals.label(shown: rows.count, of: all.count)),
                                  columns: columns, rows: rows)
        let numeric = columns.map { column in rows.contains { DisplayText.isNumeric($0[column]) } }
        var widths = columns.indices.map { index in
            ([headings[index], totals[index]] + text.map { $0[index] }).map(DisplayText.width).max() ?? 0
        }
        let flexible = columns.firstIndex(of: flexibleName) ?? 0
        let others = widths.enumerated().filter { $0.offset != flexible }.reduce(0) { $0 + $1.element + 2 } + 2
        widths[flexible] = max(12, min(widths[flexible], options.width - others))
        let grid = TextGrid(widths: widths, rightAligned: numeric, indent: "  ")
        lines.append(style.dim(grid.line(headings)))
        lines += text.map { grid.line($0) }
        lines.append(style.bold(grid.line(totals)))
        return lines
    }
}

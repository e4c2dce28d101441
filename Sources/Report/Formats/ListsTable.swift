import Extraction
import Lookup
import Packs

/// A member's lists other than the report's (Stack Overflow's communities and
/// positions, GitHub's pinned repositories) under it as small tables: each headed by
/// its label and count, its fields but addresses, in page order, at most `--limit`
/// rows (ten without one); the first column is cut to fit the width, and columns
/// that still do not fit go from the right.
struct ListsTable {
    let pack: SitePack
    let options: ReportOptions
    let style: TerminalStyle

    static let defaultRows = 10

    func lines(_ record: MemberRecord) -> [String] {
        var lines = [String]()
        for collection in pack.collections where collection.name != pack.reportCollection?.name {
            guard let all = record.extracted.collections[collection.name] else { continue }
            let rows = Array(all.prefix(max(0, options.limit ?? ListsTable.defaultRows)))
            lines.append(style.bold("\(collection.displayName) (\(all.count)\(rows.count < all.count ? ", first \(rows.count)" : ""))"))
            guard !rows.isEmpty else { continue }
            lines += table(collection, rows: rows, record: record)
        }
        return lines
    }

    private func table(_ collection: CollectionRule, rows: [ExtractedRecord.Row], record: MemberRecord) -> [String] {
        var fields = collection.fields.filter { !$0.type.isLink }
        func cells(_ fields: [FieldRule]) -> [[String]] {
            rows.map { row in
                fields.map { DisplayText.of(row[reading: $0.name], change: nil, type: $0.type) }
            }
        }
        func widths(_ fields: [FieldRule], _ text: [[String]]) -> [Int] {
            fields.indices.map { index in ([fields[index].displayName] + text.map { $0[index] }).map(DisplayText.width).max() ?? 0 }
        }
        // The first column gives way down to 12 columns; then the last columns go.
        var text = cells(fields), sizes = widths(fields, text)
        while fields.count > 1, 2 + min(sizes[0], 12) + sizes.dropFirst().reduce(0, { $0 + $1 + 2 }) > options.width {
            fields.removeLast()
            text = cells(fields)
            sizes = widths(fields, text)
        }
        sizes[0] = max(min(sizes[0], 12), min(sizes[0], options.width - 2 - sizes.dropFirst().reduce(0, { $0 + $1 + 2 })))
        let numeric = fields.map { field in rows.contains { DisplayText.isNumeric($0[field.name]) } }
        let grid = TextGrid(widths: sizes, rightAligned: numeric, indent: "  ")
        return [style.dim(grid.line(fields.map(\.displayName)))] + text.map { grid.line($0) }
    }
}

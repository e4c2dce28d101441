/// Aligned columns of text for a terminal: every table cpvanity prints for people
/// (records, rows, histories, lists, checks, the extraction summary) is laid out here.
/// Widths are terminal cells (a wide character takes two, a combining mark none);
/// a cell longer than its column is cut with `…`; numbers stand right-aligned; two
/// spaces between columns; no spaces at a line's end.
package struct TextGrid {
    package var widths: [Int]
    package var rightAligned: [Bool]
    /// Before every line (`"  "` for a table under its heading).
    package var indent: String

    package init(widths: [Int], rightAligned: [Bool], indent: String = "") {
        self.widths = widths
        self.rightAligned = rightAligned
        self.indent = indent
    }

    /// Columns as wide as the widest of `rows`' cells (the header among them).
    package init(fitting rows: [[String]], rightAligned: [Bool]? = nil, indent: String = "") {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? DisplayText.width($0[column]) : 0 }.max() ?? 0 }
        self.init(widths: widths, rightAligned: rightAligned ?? Array(repeating: false, count: count), indent: indent)
    }

    /// One line of `cells`, or of the `columns` chosen (a block of a wide table).
    package func line(_ cells: [String], columns: [Int]? = nil) -> String {
        let shown = (columns ?? Array(cells.indices)).map { index -> String in
            guard index < widths.count else { return cells[index] }
            let right = index < rightAligned.count && rightAligned[index]
            return DisplayText.pad(DisplayText.truncate(cells[index], to: widths[index]), to: widths[index], right: right)
        }
        return (indent + shown.joined(separator: "  ")).trimmingTrailingSpaces()
    }

    /// Column 0 then as many others as fit `room`, block after block (`ColumnBlocks`).
    package func blocks(room: Int) -> [[Int]] {
        ColumnBlocks.split(widths: widths, room: room, indent: DisplayText.width(indent))
    }
}

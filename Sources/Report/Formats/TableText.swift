/// Tables wider than the terminal: column 0 (what each line is about) then as many
/// of the others as fit `room`, block after block, each block printed under the last;
/// a column wider than the room alone gets a block of its own. `widths` are the
/// columns' widths, each followed by two spaces.
package enum ColumnBlocks {
    package static func split(widths: [Int], room: Int, indent: Int = 0) -> [[Int]] {
        guard widths.count > 1 else { return [Array(widths.indices)] }
        var blocks = [[Int]]()
        var block = [0]
        var used = indent + widths[0]
        for index in 1..<widths.count {
            if block.count > 1, used + 2 + widths[index] > room {
                blocks.append(block)
                block = [0]
                used = indent + widths[0]
            }
            block.append(index)
            used += 2 + widths[index]
        }
        blocks.append(block)
        return blocks
    }

    /// `rows` (the header first) as left-aligned text lines, each column as wide as
    /// what it holds, in blocks that fit `room`, a blank line between blocks.
    package static func lines(_ rows: [[String]], room: Int) -> [String] {
        guard !rows.isEmpty else { return [] }
        let grid = TextGrid(fitting: rows)
        var lines = [String]()
        for (index, block) in grid.blocks(room: room).enumerated() {
            if index > 0 { lines.append("") }
            lines += rows.map { grid.line($0, columns: block) }
        }
        return lines
    }
}

extension String {
    /// A table line without the padding of its last column.
    package func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

@testable import Report
import Testing

/// The one layout of aligned text: widths in terminal cells, numbers right-aligned,
/// long cells cut with `…`, no trailing spaces, wide tables in blocks.
@Suite struct TextGridTests {
    @Test func widthsAreTerminalCells() {
        // 日本語 takes six cells, é (e and a combining accent) one.
        let rows = [["title", "views"], ["日本語", "1,204"], ["Cafe\u{301}", "7"]]
        let grid = TextGrid(fitting: rows, rightAligned: [false, true])
        #expect(grid.widths == [6, 5])
        #expect(rows.map { grid.line($0) } == ["title   views", "日本語  1,204", "Cafe\u{301}        7"])
    }

    @Test func aLongCellIsCutAndNothingTrails() {
        let grid = TextGrid(widths: [6, 3], rightAligned: [false, false], indent: "  ")
        #expect(grid.line(["Über-fast Unicode", ""]) == "  Über-…")
        #expect(grid.line(["ab", "c"]) == "  ab      c")
    }

    /// Check tables and the extraction summary measured characters before: a wide
    /// title pushed their columns out of line.
    @Test func checkTablesLineUpWideText() {
        #expect(ColumnBlocks.lines([["field", "48201"], ["名前", "ok"]], room: 80) == ["field  48201", "名前   ok"])
        let blocks = ColumnBlocks.lines([["field", "a", "b"], ["name", "ok", "MISMATCH"]], room: 16)
        #expect(blocks == ["field  a", "name   ok", "", "field  b", "name   MISMATCH"])
    }
}

import Foundation
@testable import Report
import Testing

/// A workbook's sheet is its head, its rows spooled to a file, and its tail, handed to
/// the zip a piece at a time: any piece size reads the same bytes.
@Suite struct WorkbookSpoolTests {
    @Test func piecesOfHeadSpoolAndTailReadBackWhole() throws {
        let sheet = try WorkbookSheet(name: "Members", header: ["id", "views"])
        try sheet.append([.text("48201"), .number("2345678")])
        try sheet.append([.text("7315"), .empty])
        #expect(sheet.rowCount == 2)
        let rows = #"<row r="2"><c r="A2" t="inlineStr"><is><t>48201</t></is></c><c r="B2"><v>2345678</v></c></row>"#
            + #"<row r="3"><c r="A3" t="inlineStr"><is><t>7315</t></is></c></row>"#
        #expect(sheet.spooledSize == Int64(rows.utf8.count))
        // Widths: the header plus 3, or the longest value plus 2, at least 8.
        #expect(sheet.columnWidths == [8, 9])

        let parts: [Workbook.Part] = [.bytes(Data("<head>".utf8)), .spool(sheet, sheet.spooledSize), .bytes(Data("</tail>".utf8))]
        let whole = "<head>" + rows + "</tail>"
        let total = whole.utf8.count
        for size in [1, 2, 5, 6, 7, 64, total, total + 10] {
            var read = Data()
            var position = 0
            while position < total {
                let piece = try Workbook.piece(of: parts, from: Int64(position), size: min(size, total - position))
                #expect(piece.count == min(size, total - position))
                read += piece
                position += piece.count
            }
            #expect(String(decoding: read, as: UTF8.self) == whole, "pieces of \(size)")
        }
    }

    /// Rows past the 64 KiB the sheet holds before writing read back in order.
    @Test func manyRowsReadBackInOrder() throws {
        let sheet = try WorkbookSheet(name: "Articles", header: ["id", "title"])
        var expected = ""
        for index in 0..<3_000 {
            let cells: [WorkbookCell] = [.number(String(index)), .text("Title number \(index) & more")]
            try sheet.append(cells)
            expected += Workbook.row(index + 2, cells, style: nil)
        }
        #expect(sheet.rowCount == 3_000 && sheet.spooledSize == Int64(expected.utf8.count) && expected.utf8.count > 1 << 17)
        var read = Data()
        while read.count < expected.utf8.count {
            read += try Workbook.piece(of: [.spool(sheet, sheet.spooledSize)], from: Int64(read.count), size: 16_384)
        }
        #expect(String(decoding: read, as: UTF8.self) == expected)
    }
}

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
}

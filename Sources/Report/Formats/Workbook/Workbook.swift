import Foundation
import ZIPFoundation

/// The parts of an .xlsx file, zipped: sheets of inline strings (no shared-string
/// table to keep in step), a style sheet with bold headers and date formats.
struct Workbook {
    let sheets: [WorkbookSheet]

    /// Style indexes in `styles`.
    enum Style: Int {
        case plain = 0, day, moment, header, approximate
    }

    /// The zip file's bytes. Its entries carry a fixed time, so the same records make
    /// the same file.
    func bytes() throws -> Data {
        let names = Workbook.sheetNames(sheets.map(\.name))
        let parts: [(String, String)] = [
            ("[Content_Types].xml", contentTypes()),
            ("_rels/.rels", Workbook.declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#),
            ("xl/workbook.xml", workbook(names)),
            ("xl/_rels/workbook.xml.rels", workbookRelationships()),
            ("xl/styles.xml", Workbook.styles),
        ]
        let archive = try Archive(accessMode: .create)
        let time = Date(timeIntervalSince1970: 946_684_800)
        for (path, text) in parts {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: time,
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        // A sheet is its head, its spooled rows and its tail, read a piece at a time.
        for (index, sheet) in sheets.enumerated() {
            let head = Data(worksheetHead(sheet).utf8)
            let tail = Data(worksheetTail(sheet).utf8)
            let rows = sheet.spooledSize
            try archive.addEntry(with: "xl/worksheets/sheet\(index + 1).xml", type: .file, uncompressedSize: Int64(head.count) + rows + Int64(tail.count),
                                 modificationDate: time, compressionMethod: .deflate) { position, size in
                try Workbook.piece(of: [.bytes(head), .spool(sheet, rows), .bytes(tail)], from: position, size: size)
            }
        }
        guard let data = archive.data else { throw WriteError(target: "the workbook", reason: "the zip container was not made") }
        return data
    }

    enum Part {
        case bytes(Data)
        case spool(WorkbookSheet, Int64)

        var size: Int64 {
            switch self {
            case .bytes(let data): return Int64(data.count)
            case .spool(_, let size): return size
            }
        }
    }

    /// `size` bytes from `position` of the parts laid end to end.
    static func piece(of parts: [Part], from position: Int64, size: Int) throws -> Data {
        var out = Data()
        var start: Int64 = 0
        for part in parts {
            let end = start + part.size
            let from = max(position, start)
            let to = min(position + Int64(size), end)
            if from < to {
                switch part {
                case .bytes(let data): out += data.subdata(in: Int(from - start)..<Int(to - start))
                case .spool(let sheet, _): out += try sheet.spooled(from: from - start, size: Int(to - from))
                }
            }
            start = end
        }
        return out
    }

    private static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
    private static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    private static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

    private func contentTypes() -> String {
        Workbook.declaration + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
            + #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
            + #"<Default Extension="xml" ContentType="application/xml"/>"#
            + #"<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>"#
            + #"<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>"#
            + sheets.indices.map { #"<Override PartName="/xl/worksheets/sheet\#($0 + 1).xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"# }.joined()
            + "</Types>"
    }

    private func workbook(_ names: [String]) -> String {
        var text = Workbook.declaration + #"<workbook xmlns="\#(Workbook.main)" xmlns:r="\#(Workbook.relationships)"><sheets>"#
        for (index, name) in names.enumerated() {
            text += #"<sheet name="\#(Workbook.escaped(name))" sheetId="\#(index + 1)" r:id="rId\#(index + 1)"/>"#
        }
        text += "</sheets><definedNames>"
        // The autofilter's range, as Excel itself records it.
        for (index, sheet) in sheets.enumerated() {
            let quoted = "'" + names[index].replacingOccurrences(of: "'", with: "''") + "'"
            text += #"<definedName name="_xlnm._FilterDatabase" localSheetId="\#(index)" hidden="1">"#
                + Workbook.escaped("\(quoted)!$A$1:$\(Workbook.column(sheet.header.count - 1))$\(sheet.rowCount + 1)") + "</definedName>"
        }
        return text + "</definedNames></workbook>"
    }

    private func workbookRelationships() -> String {
        let type = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        return Workbook.declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
            + sheets.indices.map { #"<Relationship Id="rId\#($0 + 1)" Type="\#(type)/worksheet" Target="worksheets/sheet\#($0 + 1).xml"/>"# }.joined()
            + #"<Relationship Id="rId\#(sheets.count + 1)" Type="\#(type)/styles" Target="styles.xml"/></Relationships>"#
    }

    private func lastCell(_ sheet: WorkbookSheet) -> String {
        "\(Workbook.column(max(0, sheet.header.count - 1)))\(sheet.rowCount + 1)"
    }

    /// A sheet up to its first row of values: its size, the frozen header, the widths.
    private func worksheetHead(_ sheet: WorkbookSheet) -> String {
        var text = Workbook.declaration + #"<worksheet xmlns="\#(Workbook.main)" xmlns:r="\#(Workbook.relationships)">"#
            + #"<dimension ref="A1:\#(lastCell(sheet))"/><sheetViews><sheetView workbookViewId="0">"#
            + #"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>"#
            + #"<sheetFormatPr defaultRowHeight="15"/><cols>"#
        for (index, width) in sheet.columnWidths.enumerated() {
            text += #"<col min="\#(index + 1)" max="\#(index + 1)" width="\#(width)" customWidth="1"/>"#
        }
        return text + "</cols><sheetData>" + Workbook.row(1, sheet.header.map(WorkbookCell.text), style: .header)
    }

    private func worksheetTail(_ sheet: WorkbookSheet) -> String {
        #"</sheetData><autoFilter ref="A1:\#(lastCell(sheet))"/></worksheet>"#
    }

    static func row(_ number: Int, _ cells: [WorkbookCell], style: Style?) -> String {
        var text = #"<row r="\#(number)">"#
        for (index, cell) in cells.enumerated() {
            let reference = "\(Workbook.column(index))\(number)"
            let styled = style.map { #" s="\#($0.rawValue)""# } ?? ""
            switch cell {
            case .empty: continue
            case .text(let value):
                let kept = Workbook.escaped(String(value.prefix(32_767)), forCell: true)
                let space = value.first?.isWhitespace == true || value.last?.isWhitespace == true ? #" xml:space="preserve""# : ""
                text += #"<c r="\#(reference)"\#(styled) t="inlineStr"><is><t\#(space)>\#(kept)</t></is></c>"#
            case .number(let value):
                text += #"<c r="\#(reference)"\#(styled)><v>\#(value)</v></c>"#
            case .approximate(let value):
                text += #"<c r="\#(reference)" s="\#(Style.approximate.rawValue)"><v>\#(value)</v></c>"#
            case .day(let serial):
                text += #"<c r="\#(reference)" s="\#(Style.day.rawValue)"><v>\#(serial)</v></c>"#
            case .moment(let date):
                let serial = date.timeIntervalSince1970 / 86_400 + 25_569
                text += #"<c r="\#(reference)" s="\#(Style.moment.rawValue)"><v>\#(serial)</v></c>"#
            }
        }
        return text + "</row>"
    }

    /// A, B, ..., Z, AA, ...
    static func column(_ index: Int) -> String {
        var index = index + 1
        var name = ""
        while index > 0 {
            let rest = (index - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + rest))) + name
            index = (index - 1) / 26
        }
        return name
    }

    /// Sheet names as Excel takes them: at most 31 characters, none of `[]:*?/\`,
    /// not blank, each different (case aside).
    static func sheetNames(_ wanted: [String]) -> [String] {
        var taken = Set<String>()
        return wanted.map { name in
            var base = String(name.map { "[]:*?/\\".contains($0) || $0.isNewline ? "_" : $0 }.prefix(31))
                .trimmingCharacters(in: CharacterSet(charactersIn: "' "))
            if base.isEmpty { base = "Sheet" }
            var candidate = base
            var number = 2
            while taken.contains(candidate.lowercased()) {
                let suffix = " (\(number))"
                candidate = String(base.prefix(31 - suffix.count)) + suffix
                number += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// Text as XML holds it. Characters XML cannot hold (most controls) are written as
    /// Office's `_xHHHH_` escapes in cells, where a reader turns them back; elsewhere
    /// they become spaces.
    static func escaped(_ text: String, forCell: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "_" where forCell && Workbook.startsEscape(scalars):
                // A literal `_x0041_` would read back as "A": its underscore is escaped.
                out += "_x005F_"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += forCell ? "_x" + String(format: "%04X", scalar.value) + "_" : " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Whether the text after an underscore reads `xHHHH_`.
    private static func startsEscape(_ rest: Substring.UnicodeScalarView) -> Bool {
        let next = Array(rest.prefix(6))
        guard next.count == 6, next[0] == "x", next[5] == "_" else { return false }
        return next[1...4].allSatisfy { $0.properties.isASCIIHexDigit }
    }

    private static let styles = declaration + #"<styleSheet xmlns="\#(main)">"#
        + #"<numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/>"#
        + #"<numFmt numFmtId="166" formatCode="&quot;≈ &quot;#,##0"/></numFmts>"#
        + #"<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>"#
        + #"<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>"#
        + #"<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"#
        + #"<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>"#
        + #"<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>"#
        + #"<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>"#
        + #"<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>"#
        + #"<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"#
}

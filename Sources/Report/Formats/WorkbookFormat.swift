import Foundation
import Lookup
import Packs
import ZIPFoundation

/// For spreadsheets, without CSV's separators and encodings: an Office Open XML
/// workbook (.xlsx). A sheet of members (the CSV's columns, by key) and a sheet per
/// list the pack reads (every row, in page order, after the member's ID); or, for a
/// history, a sheet of points. Numbers are numbers, days and times are dates (UTC),
/// text is text; the header row is frozen, with an autofilter. Written whole at the
/// end, so it goes to a file (`--output members.xlsx`), never a terminal.
struct WorkbookFormat: RecordFormat {
    let name = "xlsx"
    let summary = "an Excel workbook (a file), a sheet per list"
    let fileExtensions = ["xlsx"]
    var isBinary: Bool { true }

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        WorkbookSink(pack: pack, writer: writer)
    }

    func list(_ view: ListView, to writer: any ByteWriter) throws {
        let rows = view.rows.map { row in
            row.map { cell -> WorkbookCell in
                switch cell {
                case .empty: return .empty
                case .text(let text): return .text(text)
                case .value(let value): return WorkbookCell(value)
                case .moment(let date): return .moment(date)
                case .signed(let delta): return WorkbookCell(.decimal(delta))
                }
            }
        }
        try writer.write(Workbook(sheets: [.init(name: view.name, header: view.columns.map(\.key), rows: rows)]).bytes())
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        var header = ["id"] + (view.rows ? ["key", "title"] : []) + ["time", "last_seen"] + view.fields
        var rows = [[WorkbookCell]]()
        for one in view.series {
            let lead: [WorkbookCell] = [.text(one.id)] + (view.rows ? [.text(one.key ?? ""), one.title.map(WorkbookCell.text) ?? .empty] : [])
            for point in one.points {
                let values: [WorkbookCell] = view.fields.map { WorkbookCell(point.values[$0]) }
                rows.append(lead + [.moment(point.time), .moment(point.lastSeen)] + values)
            }
        }
        if view.series.contains(where: { $0.points.contains { $0.archived != nil } }) {
            header.append("archived")
            var index = 0
            for one in view.series {
                for point in one.points {
                    rows[index].append(point.capturesText.map(WorkbookCell.text) ?? .empty)
                    index += 1
                }
            }
        }
        try writer.write(Workbook(sheets: [.init(name: view.rows ? "Row history" : "History", header: header, rows: rows)]).bytes())
    }
}

/// Members' rows gathered as they come; the workbook is written at `finish`.
final class WorkbookSink: RecordSink {
    private let pack: SitePack
    private let writer: any ByteWriter
    private var members = [[WorkbookCell]]()
    private var lists: [String: [[WorkbookCell]]] = [:]

    init(pack: SitePack, writer: any ByteWriter) {
        self.pack = pack
        self.writer = writer
    }

    func write(_ record: MemberRecord) throws {
        var cells: [WorkbookCell] = [.text(record.id), .text(record.site), .moment(record.fetchedAt)]
        cells += CSVMemberFormatter.fieldColumns(pack).map { WorkbookCell(record.extracted.fields[$0]) }
        if let stats = record.extracted.stats {
            cells += stats.flattened(pack, withRanking: false).map { WorkbookCell($0.value) }
        } else {
            cells += Array(repeating: .empty, count: CSVMemberFormatter.statColumns(pack).count)
        }
        cells.append(record.errors.isEmpty ? .empty : .text(record.errorSummary))
        members.append(cells)
        for collection in pack.collections {
            for row in record.extracted.collections[collection.name] ?? [] {
                lists[collection.name, default: []].append([.text(record.id)] + collection.fields.map { WorkbookCell(row[$0.name]) })
            }
        }
    }

    func finish() throws {
        var sheets = [Workbook.Sheet(name: "Members", header: CSVMemberFormatter.columns(pack: pack), rows: members)]
        for collection in pack.collections {
            sheets.append(.init(name: collection.displayName, header: ["id"] + collection.fields.map(\.name), rows: lists[collection.name] ?? []))
        }
        try writer.write(Workbook(sheets: sheets).bytes())
        try writer.flush()
    }
}

/// One cell's value as a spreadsheet holds it.
enum WorkbookCell: Equatable {
    case empty
    case text(String)
    /// A number as its exact decimal text.
    case number(String)
    /// A day, as days since 1899-12-30 (Excel's day 0).
    case day(Int)
    /// A moment, as days (with the time as a fraction) since 1899-12-30T00:00Z.
    case moment(Date)

    init(_ value: FieldValue?) {
        switch value {
        case .none, .null?: self = .empty
        case .text(let text)?: self = .text(text)
        // Beyond 15 digits a spreadsheet rounds a number: such a count stays exact as text.
        case .int(let number)?: self = number.magnitude < 1_000_000_000_000_000 ? .number(String(number)) : .text(String(number))
        case .decimal(let number)?:
            let text = number.description
            self = text.filter(\.isNumber).count <= 15 ? .number(text) : .text(text)
        case .date(let date)?:
            // Excel counts a 29 February 1900 that never was: days before March 1900 stay text.
            let serial = WorkbookCell.daysFromCivil(date.year, date.month, date.day) - WorkbookCell.daysFromCivil(1899, 12, 30)
            self = serial >= 61 ? .day(serial) : .text(date.description)
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// The parts of an .xlsx file, zipped: sheets of inline strings (no shared-string
/// table to keep in step), a style sheet with bold headers and date formats.
struct Workbook {
    struct Sheet {
        let name: String
        let header: [String]
        let rows: [[WorkbookCell]]
    }

    let sheets: [Sheet]

    /// Style indexes in `styles`.
    private enum Style: Int {
        case plain = 0, day, moment, header
    }

    /// The zip file's bytes. Its entries carry a fixed time, so the same records make
    /// the same file.
    func bytes() throws -> Data {
        let names = Workbook.sheetNames(sheets.map(\.name))
        var parts: [(String, String)] = [
            ("[Content_Types].xml", contentTypes()),
            ("_rels/.rels", Workbook.declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#),
            ("xl/workbook.xml", workbook(names)),
            ("xl/_rels/workbook.xml.rels", workbookRelationships()),
            ("xl/styles.xml", Workbook.styles),
        ]
        for (index, sheet) in sheets.enumerated() { parts.append(("xl/worksheets/sheet\(index + 1).xml", worksheet(sheet))) }
        let archive = try Archive(accessMode: .create)
        let time = Date(timeIntervalSince1970: 946_684_800)
        for (path, text) in parts {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: time,
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw WriteError(target: "the workbook", reason: "the zip container was not made") }
        return data
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
                + Workbook.escaped("\(quoted)!$A$1:$\(Workbook.column(sheet.header.count - 1))$\(sheet.rows.count + 1)") + "</definedName>"
        }
        return text + "</definedNames></workbook>"
    }

    private func workbookRelationships() -> String {
        let type = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        return Workbook.declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
            + sheets.indices.map { #"<Relationship Id="rId\#($0 + 1)" Type="\#(type)/worksheet" Target="worksheets/sheet\#($0 + 1).xml"/>"# }.joined()
            + #"<Relationship Id="rId\#(sheets.count + 1)" Type="\#(type)/styles" Target="styles.xml"/></Relationships>"#
    }

    private func worksheet(_ sheet: Sheet) -> String {
        let last = "\(Workbook.column(max(0, sheet.header.count - 1)))\(sheet.rows.count + 1)"
        var text = Workbook.declaration + #"<worksheet xmlns="\#(Workbook.main)" xmlns:r="\#(Workbook.relationships)">"#
            + #"<dimension ref="A1:\#(last)"/><sheetViews><sheetView workbookViewId="0">"#
            + #"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>"#
            + #"<sheetFormatPr defaultRowHeight="15"/><cols>"#
        for (index, width) in columnWidths(sheet).enumerated() {
            text += #"<col min="\#(index + 1)" max="\#(index + 1)" width="\#(width)" customWidth="1"/>"#
        }
        text += "</cols><sheetData>"
        text += row(1, sheet.header.map(WorkbookCell.text), style: .header)
        for (index, cells) in sheet.rows.enumerated() { text += row(index + 2, cells, style: nil) }
        return text + #"</sheetData><autoFilter ref="A1:\#(last)"/></worksheet>"#
    }

    private func row(_ number: Int, _ cells: [WorkbookCell], style: Style?) -> String {
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
            case .day(let serial):
                text += #"<c r="\#(reference)" s="\#(Style.day.rawValue)"><v>\#(serial)</v></c>"#
            case .moment(let date):
                let serial = date.timeIntervalSince1970 / 86_400 + 25_569
                text += #"<c r="\#(reference)" s="\#(Style.moment.rawValue)"><v>\#(serial)</v></c>"#
            }
        }
        return text + "</row>"
    }

    /// Wide enough for the header and the longest value, within reason.
    private func columnWidths(_ sheet: Sheet) -> [Int] {
        sheet.header.indices.map { index in
            let longest = sheet.rows.lazy.map { row -> Int in
                guard index < row.count else { return 0 }
                switch row[index] {
                case .empty: return 0
                case .text(let value): return value.count
                case .number(let value): return value.count
                case .day: return 10
                case .moment: return 19
                }
            }.max() ?? 0
            return min(60, max(8, sheet.header[index].count + 3, longest + 2))
        }
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
        + #"<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>"#
        + #"<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>"#
        + #"<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>"#
        + #"<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"#
        + #"<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>"#
        + #"<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>"#
        + #"<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>"#
        + #"<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"#
}

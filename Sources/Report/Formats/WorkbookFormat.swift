import Foundation
import Lookup
import Packs

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
        let sheet = try WorkbookSheet(name: view.name, header: view.columns.map(\.key))
        for row in view.rows {
            try sheet.append(row.map { cell -> WorkbookCell in
                switch cell {
                case .empty: return .empty
                case .text(let text): return .text(text)
                case .list(let items): return .text(items.joined(separator: "; "))
                case .value(let value): return WorkbookCell(value)
                case .moment(let date): return .moment(date)
                case .signed(let delta): return WorkbookCell(.decimal(delta))
                }
            })
        }
        try writer.write(Workbook(sheets: [sheet]).bytes())
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        let archived = view.series.contains { $0.points.contains { $0.archived != nil } }
        let header = ["id"] + (view.rows ? ["key", "title"] : []) + ["time", "last_seen"] + view.fields + (archived ? ["archived"] : [])
        let sheet = try WorkbookSheet(name: view.rows ? "Row history" : "History", header: header)
        for one in view.series {
            let lead: [WorkbookCell] = [.text(one.id)] + (view.rows ? [.text(one.key ?? ""), one.title.map(WorkbookCell.text) ?? .empty] : [])
            for point in one.points {
                let values: [WorkbookCell] = view.fields.map { WorkbookCell(point.values[$0]) }
                let capture: [WorkbookCell] = archived ? [point.capturesText.map(WorkbookCell.text) ?? .empty] : []
                try sheet.append(lead + [.moment(point.time), .moment(point.lastSeen)] + values + capture)
            }
        }
        try writer.write(Workbook(sheets: [sheet]).bytes())
    }
}

/// Members' rows written to their sheets' spools as they come (memory stays flat
/// however many members); the workbook is zipped from the spools at `finish`.
final class WorkbookSink: RecordSink {
    private let pack: SitePack
    private let writer: any ByteWriter
    private var members: WorkbookSheet?
    private var lists: [String: WorkbookSheet] = [:]

    init(pack: SitePack, writer: any ByteWriter) {
        self.pack = pack
        self.writer = writer
    }

    /// The sheets, made at the first record (or at `finish` for none).
    private func sheets() throws -> (WorkbookSheet, [String: WorkbookSheet]) {
        if let members { return (members, lists) }
        let made = try WorkbookSheet(name: "Members", header: CSVMemberFormatter.columns(pack: pack))
        for list in pack.columns.lists {
            lists[list.name] = try WorkbookSheet(name: list.rule.displayName, header: ["id"] + list.columns.map(\.key)
                                                 + list.columns.filter(\.mayBeRounded).map { "rounded.\($0.key)" })
        }
        members = made
        return (made, lists)
    }

    func write(_ record: MemberRecord) throws {
        let (members, lists) = try sheets()
        var cells: [WorkbookCell] = [.text(record.id), .text(record.site), .moment(record.fetchedAt)]
        // A value the page showed rounded is a number shown with ≈, its step in the rounded.<place> column.
        cells += CSVMemberFormatter.fieldColumns(pack).map { WorkbookCell(record.extracted[$0.path]) }
        cells += pack.columns.statFigures.map { record.extracted.stats == nil ? .empty : WorkbookCell(record.extracted[$0.path]) }
        cells += pack.columns.rounded.map { record.extracted[$0.path]?.step.map { .number(String($0)) } ?? .empty }
        cells.append(record.errors.isEmpty ? .empty : .text(record.errorSummary))
        try members.append(cells)
        for list in pack.columns.lists {
            let rounded = list.columns.filter(\.mayBeRounded)
            for row in record.extracted.collections[list.name] ?? [] {
                try lists[list.name]?.append([.text(record.id)] + list.columns.map { WorkbookCell(row[reading: $0.key]) }
                                             + rounded.map { row[reading: $0.key]?.step.map { .number(String($0)) } ?? .empty })
            }
        }
    }

    func finish() throws {
        let (members, lists) = try sheets()
        let sheets = [members] + pack.collections.compactMap { lists[$0.name] }
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
    /// A number the page showed rounded: shown with ≈ (`≈ 12,400`), its value the number.
    case approximate(String)
    /// A day, as days since 1899-12-30 (Excel's day 0).
    case day(Int)
    /// A moment, as days (with the time as a fraction) since 1899-12-30T00:00Z.
    case moment(Date)

    /// A reading the page showed rounded is a number shown `approximate`.
    init(_ reading: FieldReading?) {
        self.init(reading?.value)
        if reading?.step != nil, case .number(let text) = self { self = .approximate(text) }
    }

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

    /// How many characters the cell shows, for its column's width.
    var shownWidth: Int {
        switch self {
        case .empty: return 0
        case .text(let value): return value.count
        case .number(let value): return value.count
        case .approximate(let value): return value.count + 4
        case .day: return 10
        case .moment: return 19
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

import Foundation
import Lookup
import Packs

/// RFC 4180 text: comma-separated, CRLF line ends, quotes doubled inside quoted cells.
/// Every CSV cpvanity writes (exports, history, feeds) goes through `row`. Not
/// CSV.swift's writer (which reads the ID lists): it writes to an OutputStream a
/// scalar at a time and puts each line end before the next row, so the last row has
/// none, where an export streams whole rows, each ended, to a checkpointed file.
enum CSVText {
    static func row(_ cells: [String]) -> String {
        cells.map(quote).joined(separator: ",") + "\r\n"
    }

    static func quote(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A text cell a spreadsheet would run as a formula (=, +, -, @, or a tab or
    /// carriage return before one) gets a leading apostrophe. Numbers are never text
    /// cells, so -4 stays a number.
    static func neutralised(_ text: String, raw: Bool) -> String {
        guard !raw, let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// Plain machine values: no thousands separators, decimals exact.
    static func cell(_ value: FieldValue?, raw: Bool) -> String {
        switch value {
        case .none, .null?: return ""
        case .text(let text)?: return neutralised(text, raw: raw)
        case .int(let number)?: return String(number)
        case .decimal(let number)?: return DecimalText.plain(number)
        case .date(let date)?: return date.description
        }
    }
}

/// The columns a CSV export can have, for choosing some (`--columns`).
public enum CSVColumns {
    /// Every column, in the order an export lists them: one row per member, or with
    /// `rows` one row per row of the report's collection.
    public static func available(pack: SitePack, rows: Bool) -> [String] {
        rows ? CSVRowFormatter.columns(pack: pack) : CSVMemberFormatter.columns(pack: pack)
    }

    /// The positions of `chosen` among `all`; nil (every column) when nothing was chosen.
    /// Names not among them were refused before (see `available`); they are left out.
    static func selection(_ chosen: [String]?, of all: [String]) -> [Int]? {
        guard let chosen else { return nil }
        return chosen.compactMap { all.firstIndex(of: $0) }
    }

    static func row(_ cells: [String], selecting selection: [Int]?) -> String {
        guard let selection else { return CSVText.row(cells) }
        return CSVText.row(selection.map { cells[$0] })
    }
}

/// One row per member: id, site, fetched_at, the name, every field by its dotted
/// name, the pack's statistics, and `error`; or the columns `options.columns` chooses.
struct CSVMemberFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions
    private let selection: [Int]?

    init(pack: SitePack, options: ReportOptions) {
        self.pack = pack
        self.options = options
        selection = CSVColumns.selection(options.columns, of: CSVMemberFormatter.columns(pack: pack))
    }

    /// The fields' columns, the member's name first.
    static func fieldColumns(_ pack: SitePack) -> [RecordColumn] {
        let name = pack.report.nameField
        let fields = pack.columns.fields
        return fields.filter { $0.key == name } + fields.filter { $0.key != name }
    }

    /// Then each statistic, and `rounded.<place>`: the step each value the page may show
    /// rounded was rounded to (`rounded.followers` 100 for "12.4k"), empty where it
    /// showed it exactly: JSON's `rounded` object, flattened.
    static func columns(pack: SitePack) -> [String] {
        ["id", "site", "fetched_at"] + (fieldColumns(pack) + pack.columns.statFigures).map(\.key) + pack.columns.rounded.map { "rounded.\($0.key)" }
            + ["error"]
    }

    var header: String {
        guard options.csvHeader else { return "" }
        return (options.byteOrderMark ? "\u{FEFF}" : "") + CSVColumns.row(CSVMemberFormatter.columns(pack: pack), selecting: selection)
    }

    func chunk(_ record: MemberRecord) -> String {
        var cells = [record.id, record.site, record.fetchedAt.formatted(.iso8601)]
        cells += CSVMemberFormatter.fieldColumns(pack).map { CSVText.cell(record.extracted[$0.path]?.value, raw: options.rawCSV) }
        // Without statistics (the member's pages failed), every statistic's cell is empty.
        cells += pack.columns.statFigures.map { record.extracted.stats == nil ? "" : CSVText.cell(record.extracted[$0.path]?.value, raw: options.rawCSV) }
        cells += pack.columns.rounded.map { record.extracted[$0.path]?.step.map(String.init) ?? "" }
        cells.append(CSVText.neutralised(record.errorSummary, raw: options.rawCSV))
        return CSVColumns.row(cells, selecting: selection)
    }
}

/// One row per row of the report's collection (an article), prefixed with the member's
/// id and name; a member with no rows (or that failed) still gets one row, so no
/// member goes missing.
struct CSVRowFormatter: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions
    private let selection: [Int]?

    init(pack: SitePack, options: ReportOptions) {
        self.pack = pack
        self.options = options
        selection = CSVColumns.selection(options.columns, of: CSVRowFormatter.columns(pack: pack))
    }

    /// The report list's columns, and those a page may show rounded (each gets
    /// `rounded.<field>`: the step of that row's value).
    private static func rowColumns(_ pack: SitePack) -> [RecordColumn] {
        pack.reportCollection.flatMap { pack.columns.list($0.name)?.columns } ?? []
    }

    static func columns(pack: SitePack) -> [String] {
        let list = rowColumns(pack)
        return ["id", "name"] + list.map(\.key) + list.filter(\.mayBeRounded).map { "rounded.\($0.key)" } + ["error"]
    }

    var header: String {
        guard options.csvHeader else { return "" }
        return (options.byteOrderMark ? "\u{FEFF}" : "") + CSVColumns.row(CSVRowFormatter.columns(pack: pack), selecting: selection)
    }

    func chunk(_ record: MemberRecord) -> String {
        let name = CSVText.neutralised(record.displayName(pack.report) ?? "", raw: options.rawCSV)
        let error = CSVText.neutralised(record.errorSummary, raw: options.rawCSV)
        let rows = ReportRows.of(record, pack: pack, options: options)
        let columns = CSVRowFormatter.rowColumns(pack)
        let rounded = columns.filter(\.mayBeRounded)
        guard !rows.isEmpty else {
            return CSVColumns.row([record.id, name] + Array(repeating: "", count: columns.count + rounded.count) + [error], selecting: selection)
        }
        return rows.map { row in
            let steps = rounded.map { row[reading: $0.key]?.step.map(String.init) ?? "" }
            return CSVColumns.row([record.id, name] + columns.map { CSVText.cell(row[$0.key], raw: options.rawCSV) } + steps + [error],
                                  selecting: selection)
        }.joined()
    }
}

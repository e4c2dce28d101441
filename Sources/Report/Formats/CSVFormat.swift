import Packs

/// For spreadsheets: RFC 4180, one line per member, or per row of the pack's list.
struct CSVFormat: RecordFormat {
    let name = "csv"
    let summary = "RFC 4180, a line per member (or per row of its list)"
    let fileExtensions = ["csv"]
    var takes: Set<FormatOption> { [.byteOrderMark, .rawCells, .columns] }

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        let formatter: any RecordFormatter = options.rows ? CSVRowFormatter(pack: pack, options: options)
            : CSVMemberFormatter(pack: pack, options: options)
        return TextRecordSink(writer.isTerminal ? TerminalSafeFormatter(formatter: formatter) : formatter, writer: writer)
    }

    func list(_ view: ListView, to writer: any ByteWriter) throws {
        let raw = view.options.rawCSV
        var out = (view.options.byteOrderMark ? "\u{FEFF}" : "") + CSVText.row(view.columns.map(\.key))
        for row in view.rows {
            out += CSVText.row(row.map { cell in
                let text: String
                switch cell {
                case .text(let plain): text = CSVText.neutralised(plain, raw: raw)
                case .value(let value): text = CSVText.cell(value, raw: raw)
                case .list(let items): text = CSVText.neutralised(items.joined(separator: "; "), raw: raw)
                default: text = cell.plain
                }
                return TerminalText.cell(text, terminal: writer.isTerminal)
            })
        }
        try writer.write(out)
    }

    /// A line per point: the member (and row), the point's times, its values; with
    /// points read from a web archive, an `archived` column last naming each one's
    /// captures (`articles@20140112101500 profile@20140110093000`; empty for a lookup),
    /// as the workbook's and JSON's `archived`.
    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        let raw = view.options.rawCSV
        let archived = view.series.contains { $0.points.contains { $0.archived != nil } }
        var out = (view.options.byteOrderMark ? "\u{FEFF}" : "")
            + CSVText.row(["id"] + (view.rows ? ["key", "title"] : []) + ["time", "last_seen"] + view.fields + (archived ? ["archived"] : []))
        for one in view.series {
            let lead: [String] = [one.id] + (view.rows ? [one.key ?? "", CSVText.neutralised(one.title ?? "", raw: raw)] : [])
            for point in one.points {
                let times: [String] = [point.time.formatted(.iso8601), point.lastSeen.formatted(.iso8601)]
                let values: [String] = view.fields.map { CSVText.cell(point.values[$0], raw: raw) }
                let capture: [String] = archived ? [point.capturesText ?? ""] : []
                out += CSVText.row((lead + times + values + capture).map { TerminalText.cell($0, terminal: writer.isTerminal) })
            }
        }
        try writer.write(out)
    }
}

import Packs

/// For people at a terminal: aligned, with thousands separators and changes.
struct TableFormat: RecordFormat {
    let name = "table"
    let summary = "aligned text for people at a terminal"
    let fileExtensions = ["txt"]
    var isForPeople: Bool { true }

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        TextRecordSink(TableFormatter(pack: pack, options: options), writer: writer)
    }

    /// Aligned columns for people, headed by their labels; nothing for an empty list
    /// (as `git diff` says nothing when nothing changed).
    func list(_ view: ListView, to writer: any ByteWriter) throws {
        let (columns, rows) = view.forPeople
        guard !rows.isEmpty else { return }
        let text = rows.map { $0.map { TerminalText.escaped($0.shown) } }
        let header = columns.map(\.label)
        let numeric = columns.indices.map { index in rows.contains { $0[index].isNumeric } }
        let grid = TextGrid(fitting: [header] + text, rightAligned: numeric)
        try writer.write(([grid.line(header)] + text.map { grid.line($0) }).joined(separator: "\n") + "\n")
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        try writer.write(styled: HistoryReport.tables(view, markdown: false))
    }
}

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
        let widths = columns.indices.map { index in ([header[index]] + text.map { $0[index] }).map(DisplayText.width).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var line = cells.enumerated().map { DisplayText.pad($1, to: widths[$0], right: numeric[$0]) }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
        try writer.write(([line(header)] + text.map(line)).joined(separator: "\n") + "\n")
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        try writer.write(styled: HistoryReport.tables(view, markdown: false))
    }
}

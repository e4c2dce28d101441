import Packs

/// For pasting into a README or an issue: GitHub-flavoured tables.
struct MarkdownFormat: RecordFormat {
    let name = "markdown"
    let summary = "GitHub-flavoured tables"
    let fileExtensions = ["md", "markdown"]
    var isForPeople: Bool { true }

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        let formatter: any RecordFormatter = options.rows ? MarkdownRowFormatter(pack: pack, options: options)
            : MarkdownMemberFormatter(pack: pack, options: options)
        return TextRecordSink(formatter, writer: writer)
    }

    /// A table of the columns for people; nothing for an empty list.
    func list(_ view: ListView, to writer: any ByteWriter) throws {
        let (columns, rows) = view.forPeople
        guard !rows.isEmpty else { return }
        let numeric = columns.indices.map { index in rows.contains { $0[index].isNumeric } }
        try writer.write(MarkdownText.row(columns.map(\.label)) + MarkdownText.alignment(numeric)
                         + rows.map { MarkdownText.row($0.map { TerminalText.escaped($0.shown) }) }.joined())
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        try writer.write(HistoryReport.tables(view, markdown: true))
    }
}

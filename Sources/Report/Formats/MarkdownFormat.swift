import Packs

/// For pasting into a README or an issue: GitHub-flavoured tables.
struct MarkdownFormat: RecordFormat {
    let name = "markdown"
    let summary = "GitHub-flavoured tables"
    let fileExtensions = ["md", "markdown"]

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        let formatter: any RecordFormatter = options.rows ? MarkdownRowFormatter(pack: pack, options: options)
            : MarkdownMemberFormatter(pack: pack, options: options)
        return TextRecordSink(formatter, writer: writer)
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        try writer.write(HistoryReport.tables(view, markdown: true))
    }
}

import Packs

/// For people at a terminal: aligned, with thousands separators and changes; with
/// `ReportOptions.changesOnly` (`refresh`), only what changed since the last lookup.
struct TableFormat: RecordFormat {
    let name = "table"
    let summary = "aligned text for people at a terminal"
    let fileExtensions = ["txt"]

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        let formatter: any RecordFormatter = options.changesOnly ? ChangeSummary(pack: pack, options: options)
            : TableFormatter(pack: pack, options: options)
        return TextRecordSink(formatter, writer: writer)
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        try writer.write(HistoryReport.tables(view, markdown: false))
    }
}

import Lookup

/// A format's writer of member records: given each record as it is ready, then told
/// there are no more. A streaming format writes each record at once; a document
/// format (a JSON array, a workbook) may hold them until `finish`.
public protocol RecordSink: AnyObject {
    func write(_ record: MemberRecord) throws
    /// Closes the document: a JSON array's bracket, a workbook's sheets. An export with
    /// no records at all is still a whole document.
    func finish() throws
}

/// A text format made of pieces (header, each record's chunk, separators, footer),
/// written as the records come.
final class TextRecordSink: RecordSink {
    private let formatter: any RecordFormatter
    private let writer: any ByteWriter
    private var first = true

    init(_ formatter: any RecordFormatter, writer: any ByteWriter) {
        self.formatter = formatter
        self.writer = writer
    }

    func write(_ record: MemberRecord) throws {
        // Most formats put nothing between records (NDJSON): the chunk goes as it is.
        let before = first ? formatter.header : formatter.separator
        if before.isEmpty && !formatter.isStyled {
            try writer.write(formatter.chunkBytes(record))
        } else {
            try put(before + formatter.chunk(record))
        }
        first = false
    }

    func finish() throws {
        try put(first ? formatter.empty : formatter.footer)
        try writer.flush()
    }

    private func put(_ text: String) throws {
        if formatter.isStyled { try writer.write(styled: text) } else { try writer.write(text) }
    }
}

import Foundation
import Report

/// How records are written, and where: a format with its options, to standard output
/// or to a file.
public struct OutputSettings: Sendable {
    public var format: any RecordFormat
    public var options: ReportOptions
    /// The file to write (replaced whole, atomically); nil: standard output.
    public var file: String?
    /// Continue an interrupted export from the checkpoint beside `file`.
    public var resume = false
    /// With `resume`: look up again the members whose lookup failed.
    public var retryFailed = false

    public init(format: any RecordFormat, options: ReportOptions, file: String? = nil) {
        self.format = format
        self.options = options
        self.file = file
    }
}

extension OutputSettings {
    /// One whole document (a list, a history) to the file, replaced atomically, or to
    /// standard output; a binary format is refused on a terminal.
    func writeDocument(_ body: (any ByteWriter) throws -> Void) throws {
        guard let path = file else {
            if format.isBinary && Output.isTerminal { throw AppError.binaryOnTerminal(format: format.name) }
            try body(Output.writer)
            return
        }
        let file = try AtomicFile.output(path)
        try body(file)
        try file.commit()
    }

    /// A plain list in the format, with its options.
    func write(_ list: ListView) throws {
        var list = list
        list.options = options
        try writeDocument { try format.list(list, to: $0) }
    }
}

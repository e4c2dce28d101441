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

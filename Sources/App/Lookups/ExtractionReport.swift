import Files
import Extraction
import Foundation
import Report

/// Where the per-field summary a batch or refresh ends with goes.
public struct SummarySettings: Sendable {
    /// Its JSON, for dashboards.
    public var file: String?
    /// The per-field table on stderr even when nothing drifted.
    public var table = false

    public init(file: String? = nil, table: Bool = false) {
        self.file = file
        self.table = table
    }
}

/// The per-field summary a batch or refresh ends with: the table on stderr when asked
/// or when something drifted, JSON to a file when asked, and the drift alert (said even
/// under --quiet: it is what a cron job is for).
public enum ExtractionReport {
    /// True when a field the pack expects went missing on half the pages: the site's
    /// markup has probably changed (exit 3).
    public static func say(_ extraction: ExtractionSummary, summary: SummarySettings) throws(AppError) -> Bool {
        let summaryFile = summary.file
        let table = ExtractionSummaryReport.table(extraction)
        if !table.isEmpty && (summary.table || summaryFile != nil || !extraction.drift.isEmpty) {
            Diagnostics.info("fields read on \(extraction.members) \(extraction.members == 1 ? "member's" : "members'") pages:\n\(table)".trimmingCharacters(in: .newlines))
        }
        for warning in extraction.driftWarnings { Diagnostics.alert(warning) }
        if let summaryFile {
            try OutputDirectory.prepare(parentOf: summaryFile, role: .summary)
            if let reason = AtomicReplacement.replace(summaryFile, with: Array((ExtractionSummaryReport.json(extraction).serialized() + "\n").utf8)) {
                throw .cannotWrite(path: summaryFile, reason: reason)
            }
        }
        return !extraction.drift.isEmpty
    }
}

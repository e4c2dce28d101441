import App
import ArgumentParser
import Extraction
import Foundation
import Report

/// The per-field summary a batch or refresh ends with, and where its JSON goes.
struct SummaryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Also write the per-field extraction summary (matched, defaulted, missing, drift) to FILE as JSON, for dashboards.",
        valueName: "file"), completion: .file())
    var summary: String?

    /// Prints the summary and any drift to stderr, writes the JSON, and throws the
    /// drift status when a field the pack expects went missing on half the pages.
    func report(_ extraction: ExtractionSummary) throws {
        let table = ExtractionSummaryReport.table(extraction)
        if !table.isEmpty && !Verbosity.quiet {
            FileHandle.standardError.write(Data("cpvanity: fields read on \(extraction.members) \(extraction.members == 1 ? "member's" : "members'") pages:\n\(table)".utf8))
        }
        // The drift alert is said even under --quiet: it is what a cron job is for.
        for warning in extraction.driftWarnings { Diagnostics.error("warning: \(warning)") }
        if let summary {
            try OutputDirectory.prepare(URL(fileURLWithPath: summary).deletingLastPathComponent().path, label: "--summary \(summary)")
            do {
                try Data((ExtractionSummaryReport.json(extraction).serialized() + "\n").utf8)
                    .write(to: URL(fileURLWithPath: summary), options: .atomic)
            } catch {
                Diagnostics.error("cannot write the summary to \(summary): \((error as NSError).localizedDescription)")
                throw ExitStatus.badInput
            }
        }
        if !extraction.drift.isEmpty { throw ExitStatus.drift }
    }
}

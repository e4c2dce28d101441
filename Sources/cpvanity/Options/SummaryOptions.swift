import App
import ArgumentParser

/// The per-field summary a batch or refresh ends with: one line on stderr, the table
/// when asked or when a field drifted, JSON to a file.
struct SummaryOptions: ParsableArguments {
    @Option(name: .customLong("summary"), help: ArgumentHelp(
        "Also write the per-field extraction summary (matched, defaulted, missing, drift) to FILE as JSON, for dashboards (and print the table).",
        valueName: "file"), completion: .file())
    var file: String?

    @Flag(name: .long, help: "Print the per-field table (how each field was found) on stderr even when nothing drifted.")
    var stats = false

    var settings: SummarySettings { SummarySettings(file: file, table: stats) }
}

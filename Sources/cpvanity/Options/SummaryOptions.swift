import ArgumentParser

/// Where the per-field summary a batch or refresh ends with goes, besides stderr.
struct SummaryOptions: ParsableArguments {
    @Option(name: .customLong("summary"), help: ArgumentHelp(
        "Also write the per-field extraction summary (matched, defaulted, missing, drift) to FILE as JSON, for dashboards.",
        valueName: "file"), completion: .file())
    var file: String?
}

import Extraction

/// An extraction summary for people (a table on stderr at the end of a batch) and for
/// dashboards (JSON, with `--summary FILE`).
public enum ExtractionSummaryReport {
    /// One line per field: matched, defaulted, missing, unreadable (when any were), and
    /// absent (where the page showed there was none) over the pages read, drifted fields marked.
    public static func table(_ summary: ExtractionSummary) -> String {
        let rows = summary.entries.filter { $0.pages > 0 }
        guard !rows.isEmpty else { return "" }
        // An unreadable column only when some value was (a number too large for its type).
        let unreadable = rows.contains { $0.unreadable > 0 }
        let header = ["field", "source", "pages", "matched", "defaulted", "missing"] + (unreadable ? ["unreadable"] : []) + ["absent", ""]
        let body = rows.map { entry -> [String] in
            [entry.field.description, entry.source, String(entry.pages), String(entry.matched), String(entry.defaulted),
             String(entry.missing)] + (unreadable ? [String(entry.unreadable)] : []) + [String(entry.absent),
             entry.drifted(minimumPages: ExtractionSummary.minimumPages) ? "DRIFT" : ""]
        }
        let grid = TextGrid(fitting: [header] + body, rightAligned: header.indices.map { $0 >= 2 })
        return ([grid.line(header)] + body.map { grid.line($0) }).joined(separator: "\n") + "\n"
    }

    public static func json(_ summary: ExtractionSummary) -> JSONValue {
        .object([
            ("members", .int(summary.members)),
            ("minimum_pages", .int(ExtractionSummary.minimumPages)),
            ("drift", .array(summary.drift.map { .string("\($0.source):\($0.field)") })),
            ("fields", .array(summary.entries.map { entry in
                .object([
                    ("field", .string(entry.field.description)),
                    ("source", .string(entry.source)),
                    ("pages", .int(entry.pages)),
                    ("pages_missing", .int(entry.pagesMissing)),
                    ("matched", .int(entry.matched)),
                    ("defaulted", .int(entry.defaulted)),
                    ("missing", .int(entry.missing)),
                    ("unreadable", .int(entry.unreadable)),
                    ("absent", .int(entry.absent)),
                    ("drift", .bool(entry.drifted(minimumPages: ExtractionSummary.minimumPages))),
                ])
            })),
        ])
    }
}

import Extraction
import Lookup
import Packs
import Report

/// `patterns check --live` for people: a field × member grid of how each field was
/// found on the pages fetched just now: which alternative matched, which field took
/// its default, which is missing.
public enum LiveCheckTable {
    /// True when every member was fetched and every field the pack expects was found.
    public static func passed(_ records: [MemberRecord]) -> Bool {
        records.allSatisfy { record in
            !record.errors.contains { $0.kind != .extraction }
                && !record.extracted.outcomes.contains { $0.missing > 0 || $0.unreadable > 0 }
                && !record.extracted.problems.contains { $0.kind == .extraction }
        }
    }

    /// `width`: the terminal's columns; a table with more members continues below.
    public static func render(_ records: [MemberRecord], pack: SitePack, width: Int = 100) -> String {
        var labels = pack.fields.map(\.name)
        for collection in pack.collections { labels += collection.fields.map { "\(collection.name)[].\($0.name)" } }
        var lines = ["\(pack.title) pack: \(pack.file)", "live: \(records.count) member\(records.count == 1 ? "" : "s")", ""]
        let columns = records.map { record -> [String: String] in
            var cells = [String: String]()
            for outcome in record.extracted.outcomes {
                cells[outcome.field.description] = word(outcome)
            }
            return cells
        }
        // Column 0 the field, then a column per member; more than fit go on below.
        let header = ["field"] + records.map(\.id)
        let table = labels.map { label in [label] + columns.map { $0[label] ?? "-" } }
        lines += ColumnBlocks.lines([header] + table, room: width)
        let problems = records.flatMap { record in record.errors.map { "  \(record.id) \($0)" } }
        if !problems.isEmpty {
            lines += ["", "problems:"] + problems
        }
        lines.append("")
        lines.append(passed(records) ? "PASS: every field the pack expects was found on \(records.count) member\(records.count == 1 ? "" : "s")"
            : "FAIL: see the problems above; docs/patterns.md says what to do when the site changes")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `ok`, `ok #2` (the second alternative), `default`, `MISSING`, `absent`; for a
    /// collection's field, counts over its rows (`34/34`, `30/34 4 MISSING`).
    static func word(_ outcome: FieldOutcome) -> String {
        let rows = outcome.matched + outcome.defaulted + outcome.missing + outcome.unreadable + outcome.absent
        let alternatives = outcome.byAlternative.enumerated().filter { $0.offset > 0 && $0.element > 0 }
            .map { "#\($0.offset + 1)" }
        if case .cell = outcome.field {
            guard rows > 0 else { return "no rows" }
            var parts = ["\(outcome.matched)/\(rows)"]
            if !alternatives.isEmpty { parts.append("(" + alternatives.joined(separator: ",") + ")") }
            if outcome.defaulted > 0 { parts.append("\(outcome.defaulted) default") }
            if outcome.missing > 0 { parts.append("\(outcome.missing) MISSING") }
            if outcome.unreadable > 0 { parts.append("\(outcome.unreadable) UNREADABLE") }
            if outcome.absent > 0 { parts.append("\(outcome.absent) absent") }
            return parts.joined(separator: " ")
        }
        if outcome.matched > 0 { return alternatives.isEmpty ? "ok" : "ok " + alternatives.joined(separator: ",") }
        if outcome.defaulted > 0 { return "default" }
        if outcome.missing > 0 { return "MISSING" }
        if outcome.unreadable > 0 { return "UNREADABLE" }
        return "absent"
    }
}

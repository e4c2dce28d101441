import Packs
import Report

/// `patterns check` for people: a field × fixture grid, then each difference.
public enum CheckTable {
    /// `width`: the terminal's columns; a table with more members continues below.
    public static func render(_ check: PackCheck, pack: SitePack, fixturesDirectory: String, width: Int = 100) -> String {
        var lines = ["\(pack.title) pack: \(pack.file)", "fixtures: \(fixturesDirectory)", ""]
        guard !check.members.isEmpty else {
            lines.append("no saved pages found (expected files named <source>-<id>.html)")
            lines.append("")
            lines.append("FAIL: nothing was checked")
            return lines.joined(separator: "\n") + "\n"
        }
        // Column 0 the field, then a column per member, as wide as what it holds; more
        // members than fit the width go on below in blocks.
        let header = ["field"] + check.members
        let table = check.rowLabels.enumerated().map { row, label in [label] + check.members.indices.map { word(check.cells[row][$0]) } }
        lines += ColumnBlocks.lines([header] + table, room: width)
        if !check.differences.isEmpty {
            lines.append("")
            lines.append("differences:")
            for difference in check.differences {
                lines.append("  \(difference.member) \(difference.field): expected \(difference.expected), got \(difference.actual)")
            }
        }
        if !check.unread.isEmpty {
            lines.append("")
            lines.append("saved pages never read:")
            for page in check.unread { lines.append("  \(page.file): \(page.why)") }
        }
        let counts = check.cells.joined().reduce(into: [String: Int]()) { $0[word($1), default: 0] += 1 }
        var summary = ["ok", "missing", "MISMATCH", "found", "empty"].compactMap { key in counts[key].map { "\($0) \(key)" } }
        if !check.unread.isEmpty { summary.append("\(check.unread.count) page\(check.unread.count == 1 ? "" : "s") never read") }
        lines.append("")
        lines.append("\(check.passed ? "PASS" : "FAIL"): \(summary.joined(separator: ", ")) over \(check.members.count) fixture\(check.members.count == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The pack's captures too narrow for their type, after the tables: they fail the
    /// check whatever the fixtures say, since a page that writes a value so reads wrong.
    public static func render(_ cautions: [CaptureWidths.Caution], pack: SitePack) -> String {
        guard !cautions.isEmpty else { return "" }
        let count = cautions.count == 1 ? "1 capture" : "\(cautions.count) captures"
        return (["", "captures too narrow for their type (\(pack.file)):"] + cautions.map { "  \($0)" }
            + ["", "FAIL: \(count) cannot hold what \(cautions.count == 1 ? "its type reads" : "their types read"); widen \(cautions.count == 1 ? "it" : "them") (docs/patterns.md, \"Types\")"])
            .joined(separator: "\n") + "\n"
    }

    static func word(_ cell: PackCheck.Cell) -> String {
        switch cell {
        case .matched: return "ok"
        case .missing: return "missing"
        case .mismatched: return "MISMATCH"
        case .found: return "found"
        case .empty: return "empty"
        case .notApplicable: return "-"
        }
    }
}

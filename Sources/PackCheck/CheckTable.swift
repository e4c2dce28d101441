import Packs
import Report

/// `patterns check` for people: a field × fixture grid, then each difference.
public enum CheckTable {
    public static func render(_ check: PackCheck, pack: SitePack, fixturesDirectory: String) -> String {
        var lines = ["\(pack.title) pack: \(pack.file)", "fixtures: \(fixturesDirectory)", ""]
        guard !check.members.isEmpty else {
            lines.append("no saved pages found (expected files named <source>-<id>.html)")
            return lines.joined(separator: "\n") + "\n"
        }
        let labelWidth = max(5, check.rowLabels.map(\.count).max() ?? 0)
        let widths = check.members.map { max($0.count, 8) }
        var header = "field".padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        for (member, width) in zip(check.members, widths) { header += "  " + member.padding(toLength: width, withPad: " ", startingAt: 0) }
        lines.append(header.trimmingTrailingSpaces())
        for (row, label) in check.rowLabels.enumerated() {
            var line = label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            for (column, width) in widths.enumerated() {
                line += "  " + word(check.cells[row][column]).padding(toLength: width, withPad: " ", startingAt: 0)
            }
            lines.append(line.trimmingTrailingSpaces())
        }
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

private extension String {
    func padding(toLength length: Int, withPad pad: String, startingAt: Int) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}

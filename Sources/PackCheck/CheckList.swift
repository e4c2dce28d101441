import Lookup
import Packs
import Report

/// Check results as a list for any format (`patterns check --format json`): a row per
/// field and member, what was found, and for a difference what was expected.
public enum CheckList {
    /// `fixtures`, `member`, `field`, `result` (`ok`, `missing`, `MISMATCH`, `found`,
    /// `empty`, `-`), `expected` and `got` where they differ.
    public static func saved(_ checks: [(check: PackCheck, directory: String)]) -> ListView {
        let columns: [ListView.Column] = [
            .init("fixtures", label: "fixtures", forPeople: false), .init("member", label: "member"), .init("field", label: "field"),
            .init("result", label: "result"), .init("expected", label: "expected"), .init("got", label: "got"),
        ]
        var rows = [[ListCell]]()
        for (check, directory) in checks {
            for (row, field) in check.rowLabels.enumerated() {
                for (index, member) in check.members.enumerated() {
                    let found = differences(check, member: member, row: field)
                    rows.append([.text(directory), .text(member), .text(field), .text(CheckTable.word(check.cells[row][index])),
                                 found.expected, found.got])
                }
            }
        }
        return ListView(name: "Check", columns: columns, rows: rows)
    }

    /// What was expected and got for `row` of `member`: the value, or for a list's field
    /// each differing row's (`[2] 912; [5] 40`).
    private static func differences(_ check: PackCheck, member: String, row: String) -> (expected: ListCell, got: ListCell) {
        let matching = check.differences.filter { $0.member == member && $0.row == row }
        guard !matching.isEmpty else { return (.empty, .empty) }
        func joined(_ value: (PackCheck.Difference) -> String) -> ListCell {
            .text(matching.map { difference in difference.item.map { "\($0) \(value(difference))" } ?? value(difference) }.joined(separator: "; "))
        }
        return (joined(\.expected), joined(\.actual))
    }

    /// `member`, `field`, `result` (how it was found: `ok`, `ok #2`, `default`,
    /// `MISSING`, `absent`; a collection's field counted over its rows).
    public static func live(_ records: [MemberRecord]) -> ListView {
        let columns: [ListView.Column] = [.init("member", label: "member"), .init("field", label: "field"), .init("result", label: "result")]
        let rows = records.flatMap { record in
            record.extracted.outcomes.map { [ListCell.text(record.id), .text($0.field.description), .text(LiveCheckTable.word($0))] }
        }
        return ListView(name: "Live check", columns: columns, rows: rows)
    }
}

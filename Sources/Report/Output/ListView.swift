import Foundation
import Packs

/// A plain list for a format to write (what changed in a refresh): columns with keys
/// for machines and labels for people, rows of typed cells. Human formats (table,
/// Markdown) show only the columns marked for people.
public struct ListView: Sendable {
    public struct Column: Sendable {
        public let key: String
        public let label: String
        /// Shown in tables and Markdown; machines get every column.
        public let forPeople: Bool

        public init(_ key: String, label: String, forPeople: Bool = true) {
            self.key = key
            self.label = label
            self.forPeople = forPeople
        }
    }

    /// A sheet's name, where a format has sheets.
    public let name: String
    public let columns: [Column]
    public let rows: [[ListCell]]
    /// What the format honours of them (CSV's raw cells and byte-order mark, JSON's
    /// compactness): the output's, set where the list is written.
    public var options = ReportOptions()

    public init(name: String, columns: [Column], rows: [[ListCell]]) {
        self.name = name
        self.columns = columns
        self.rows = rows
    }

    /// The columns (and each row's cells) a person reads.
    var forPeople: (columns: [Column], rows: [[ListCell]]) {
        let kept = columns.indices.filter { columns[$0].forPeople }
        return (kept.map { columns[$0] }, rows.map { row in kept.map { $0 < row.count ? row[$0] : .empty } })
    }
}

/// One cell of a list.
public enum ListCell: Sendable, Equatable {
    case empty
    case text(String)
    case value(FieldValue)
    /// A moment (JSON and CSV write ISO 8601 UTC; a workbook, a date).
    case moment(Date)
    /// A difference, shown with its sign (`+35`, `−1,222`).
    case signed(Decimal)
    /// Several texts (a feed item's categories): a JSON array, joined with "; " in a
    /// cell, with ", " for people.
    case list([String])

    /// As people read it.
    var shown: String {
        switch self {
        case .empty: return ""
        case .text(let text): return text
        case .value(let value): return DisplayText.of(value)
        case .moment(let date): return date.formatted(.iso8601.year().month().day())
        case .signed(let delta): return DisplayText.signed(delta)
        case .list(let items): return items.joined(separator: ", ")
        }
    }

    /// As machines read it.
    var json: JSONValue {
        switch self {
        case .empty: return .null
        case .text(let text): return .string(text)
        case .value(let value): return RecordJSON.json(value)
        case .moment(let date): return .string(date.formatted(.iso8601))
        case .list(let items): return .array(items.map { .string($0) })
        case .signed(let delta): return Int(exactly: NSDecimalNumber(decimal: delta).int64Value).flatMap { Decimal($0) == delta ? .int($0) : nil } ?? .decimal(delta)
        }
    }

    /// As a machine writes it: ISO 8601 moments, exact decimals, lists joined with "; ".
    public var plain: String {
        switch self {
        case .empty: return ""
        case .text(let text): return text
        case .value(let value): return CSVText.cell(value, raw: true)
        case .moment(let date): return date.formatted(.iso8601)
        case .signed(let delta): return delta.description
        case .list(let items): return items.joined(separator: "; ")
        }
    }

    var isNumeric: Bool {
        switch self {
        case .signed: return true
        case .value(let value): return DisplayText.isNumeric(value)
        default: return false
        }
    }
}

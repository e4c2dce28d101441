import Extraction
import Foundation
import Lookup
import Packs

/// What `refresh` prints for people: per member, what changed since the previous
/// lookup, biggest news first (scalar fields, then rows).
public struct ChangeSummary: RecordFormatter {
    let pack: SitePack
    let options: ReportOptions

    public init(pack: SitePack, options: ReportOptions) {
        self.pack = pack
        self.options = options
    }

    public var header: String { "" }

    public func chunk(_ record: MemberRecord) -> String {
        let record = TerminalText.safe(record)
        let style = TerminalStyle(enabled: options.color)
        let name = record.displayName(pack.report).map { "\($0) (\(record.id))" } ?? record.id
        if record.failed {
            return style.bold(name) + ": " + style.red("lookup failed: \(record.errorSummary)") + "\n"
        }
        guard let previous = record.previousLookup else {
            return style.bold(name) + ": first lookup, nothing to compare with yet\n"
        }
        let since = previous.formatted(.iso8601)
        guard !record.changes.isEmpty else {
            return style.bold(name) + ": no change since \(since)\n"
        }
        var lines = [style.bold(name) + ": \(record.changes.count) change\(record.changes.count == 1 ? "" : "s") since \(since)"]
        let scalar = pack.fields.map(\.name).filter { record.changes[$0] != nil }
        let rows = record.changes.keys.filter { !scalar.contains($0) }.sorted()
        let labels = scalar.map(pack.label(of:)) + rows.map { rowLabel($0, record: record) }
        let width = min(48, labels.map(DisplayText.width).max() ?? 0)
        for field in scalar {
            lines.append("  " + DisplayText.pad(DisplayText.truncate(pack.label(of: field), to: width), to: width, right: false) + "  "
                         + DisplayText.of(record.extracted.fields[field], change: record.changes[field]))
        }
        for key in rows {
            guard let change = record.changes[key] else { continue }
            let current = currentRowValue(key, record: record)
            lines.append("  " + DisplayText.pad(DisplayText.truncate(rowLabel(key, record: record), to: width), to: width, right: false) + "  "
                         + DisplayText.of(current, change: change))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `articles[<url>].views` → `<title>: Views`.
    private func rowLabel(_ key: String, record: MemberRecord) -> String {
        guard let (collection, row, field) = split(key) else { return key }
        let title = record.extracted.collections[collection]?.first { pack.report.rowKey($0) == row }
            .flatMap { row -> String? in
                guard let field = pack.report.titleField, case .text(let text)? = row[field] else { return nil }
                return text
            }
        return "\(title ?? row): \(pack.label(of: "\(collection).\(field)"))"
    }

    private func currentRowValue(_ key: String, record: MemberRecord) -> FieldValue? {
        guard let (collection, row, field) = split(key) else { return nil }
        return record.extracted.collections[collection]?.first { pack.report.rowKey($0) == row }?[field]
    }

    private func split(_ key: String) -> (String, String, String)? {
        guard let open = key.firstIndex(of: "["), let close = key.lastIndex(of: "]"), open < close else { return nil }
        let field = key[key.index(after: close)...].drop { $0 == "." }
        return (String(key[..<open]), String(key[key.index(after: open)..<close]), String(field))
    }
}

import Lookup

/// Text from a page, made safe for a terminal: C0 and C1 control characters (ESC,
/// BEL, backspace, CSI) are written as `\u{1B}`-style escapes, so a hostile page can
/// neither clear the screen nor retitle the window nor forge a link; so are the
/// bidirectional embeddings, overrides and isolates, which make a terminal that
/// orders text show a line other than the one written. Line feeds and tabs, which
/// only lay text out, stay.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                output += escape(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// One control as it is shown: `\u{1B}`.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// What a terminal would act on rather than show, and the noncharacters
    /// `TerminalStyle` marks its styling with (so a page cannot pass for styling).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || TerminalStyle.Mark(rawValue: scalar.value) != nil
    }
}

import Extraction
import Packs

extension TerminalText {
    /// `record` with every text a page or server supplied escaped, for the formats
    /// people read at a terminal (table, Markdown); JSON and CSV keep the text as it is
    /// (JSON escapes controls itself).
    static func safe(_ record: MemberRecord) -> MemberRecord {
        var extracted = record.extracted
        for (name, value) in extracted.fields { extracted.fields[name] = safe(value) }
        extracted.stats = extracted.stats.map(safe)
        for (name, rows) in extracted.collections { extracted.collections[name] = rows.map(safe) }
        let errors = record.errors.map { error in
            error.with(field: error.field?.mapNames(escaped), url: error.url.map(escaped), message: escaped(error.message))
        }
        var copy = MemberRecord(id: escaped(record.id), site: record.site, fetchedAt: record.fetchedAt,
                                sources: record.sources.map { ($0.name, escaped($0.url)) }, extracted: extracted, errors: errors)
        copy.changes = Dictionary(record.changes.map { place, change in
            (place.mapNames(escaped), FieldChange(previous: safe(change.previous), seenAt: change.seenAt, delta: change.delta))
        }, uniquingKeysWith: { first, _ in first })
        copy.previousLookup = record.previousLookup
        copy.captures = record.captures
        copy.trend = record.trend
        copy.warnings = record.warnings.map(escaped)
        copy.pagesRead = record.pagesRead
        return copy
    }

    /// Statistics hold page text too: a `top` row's title, a `min` over text.
    static func safe(_ stats: Statistics) -> Statistics {
        var stats = stats
        stats.values = stats.values.mapValues { value in
            switch value {
            case .value(let reading): return .value(safe(reading))
            case .row(let row): return .row(row.map(safe))
            }
        }
        return stats
    }

    /// A cell of text as `safe` would leave it, when `terminal`; as it is otherwise.
    static func cell(_ text: String, terminal: Bool) -> String {
        terminal ? escaped(text) : text
    }

    static func safe(_ row: ExtractedRecord.Row) -> ExtractedRecord.Row {
        var row = row
        for (field, reading) in row.namedReadings { row[reading: field] = safe(reading) }
        return row
    }

    static func safe(_ reading: FieldReading) -> FieldReading {
        FieldReading(safe(reading.value), step: reading.step)
    }

    static func safe(_ value: FieldValue) -> FieldValue {
        guard case .text(let text) = value else { return value }
        return .text(escaped(text))
    }
}

/// A data format (CSV) shown on a terminal rather than written to a file or a pipe:
/// its records made safe first, as the formats for people are.
struct TerminalSafeFormatter: RecordFormatter {
    let formatter: any RecordFormatter
    var header: String { formatter.header }
    var separator: String { formatter.separator }
    var footer: String { formatter.footer }
    var empty: String { formatter.empty }

    func chunk(_ record: MemberRecord) -> String {
        formatter.chunk(TerminalText.safe(record))
    }
}

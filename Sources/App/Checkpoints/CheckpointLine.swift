import Extraction
import Foundation
import Lookup
import Report

/// A checkpoint entry's JSON line, written by hand where a record is big and plain
/// (its fields and rows, already one string each) and through Foundation's
/// `JSONEncoder` only for the parts a member rarely has (problems, errors, changes,
/// captures, statistics): the same JSON `Entry`'s `Codable` would give, read back by
/// `JSONDecoder` into the same record. The coders' per-container cost was a fifth of
/// a fast batch's CPU.
enum CheckpointLine {
    static func bytes(_ entry: ExportJournal.Entry) throws -> [UInt8] {
        let record = entry.record
        var out = [UInt8]()
        out.reserveCapacity(8_192)
        out += #"{"id":"#.utf8
        string(entry.id, to: &out)
        out += #","failed":"#.utf8
        out += (entry.failed ? "true" : "false").utf8
        out += #","record":{"id":"#.utf8
        string(record.id, to: &out)
        out += #","site":"#.utf8
        string(record.site, to: &out)
        out += #","fetchedAt":"#.utf8
        try number(record.fetchedAt.timeIntervalSinceReferenceDate, to: &out)
        out += #","sources":["#.utf8
        for (index, source) in record.sources.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += #"{"name":"#.utf8
            string(source.name, to: &out)
            out += #","url":"#.utf8
            string(source.url, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += #"],"extracted":"#.utf8
        try extracted(record.extracted, to: &out)
        try lookup(record, to: &out)
        out += "}}".utf8
        return out
    }

    /// `extracted`: the fields as one string, each row as one, the rest coded.
    private static func extracted(_ extracted: ExtractedRecord, to out: inout [UInt8]) throws {
        out += #"{"fields":"#.utf8
        var packed = [UInt8]()
        ExtractedRecord.Row.pack(extracted.fields.lazy.map { ($0.key, $0.value) }, into: &packed)
        packed.withUnsafeBufferPointer { JSONValue.writeString(utf8: $0, to: &out) }
        out += #","collections":{"#.utf8
        for (index, (name, rows)) in extracted.collections.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(name, to: &out)
            out += ":[".utf8
            for (position, row) in rows.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                self.row(row, scratch: &packed, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out += #"},"problems":"#.utf8
        try coded(extracted.problems, empty: "[]", to: &out)
        out += #","outcomes":"#.utf8
        try coded(extracted.outcomes, empty: "[]", to: &out)
        if let stats = extracted.stats {
            out += #","stats":"#.utf8
            statistics(stats, to: &out)
        }
        if let rounded = extracted.rounded {
            out += #","rounded":{"#.utf8
            for (index, (place, step)) in rounded.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(place, to: &out)
                out.append(UInt8(ascii: ":"))
                out += String(step).utf8
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The statistics as their synthesized `Codable` writes them (`{"value":{"_0":"i5"}}`,
    /// `{"row":{"_0":"<packed>"}}`, `{"row":{}}` for no top row): every member with a
    /// pack's statistics has them, and Foundation's encoder was a twentieth of a batch.
    private static func statistics(_ stats: Statistics, to out: inout [UInt8]) {
        out += #"{"values":{"#.utf8
        for (index, (name, value)) in stats.values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(name, to: &out)
            switch value {
            case .value(let value):
                out += #":{"value":{"_0":"#.utf8
                if let coded = value.coded { string(coded, to: &out) } else { out += "null".utf8 }
                out += "}}".utf8
            case .row(let row?):
                out += #":{"row":{"_0":"#.utf8
                var scratch = [UInt8]()
                self.row(row, scratch: &scratch, to: &out)
                out += "}}".utf8
            case .row(nil):
                out += #":{"row":{}}"#.utf8
            }
        }
        out += #"},"saturated":"#.utf8
        strings(stats.saturated, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// What a lookup adds to the extracted record: its errors, changes, captures, warnings, trend.
    private static func lookup(_ record: MemberRecord, to out: inout [UInt8]) throws {
        out += #","errors":"#.utf8
        try coded(record.errors, empty: "[]", to: &out)
        out += #","changes":"#.utf8
        try coded(record.changes, empty: "{}", to: &out)
        if let previous = record.previousLookup {
            out += #","previousLookup":"#.utf8
            try number(previous.timeIntervalSinceReferenceDate, to: &out)
        }
        out += #","captures":"#.utf8
        try coded(record.captures, empty: "{}", to: &out)
        out += #","warnings":"#.utf8
        strings(record.warnings, to: &out)
        out += #","trend":"#.utf8
        try coded(record.trend, empty: "[]", to: &out)
    }

    /// A part through Foundation's coder, or its empty form written as it is.
    private static func coded<T: Encodable & Collection>(_ value: T, empty: String, to out: inout [UInt8]) throws {
        if value.isEmpty { out += empty.utf8 } else { out += try JSONEncoder().encode(value) }
    }

    /// A date's seconds since 2001, as `JSONEncoder` writes a `Date` by default.
    private static func number(_ value: Double, to out: inout [UInt8]) throws {
        guard value.isFinite else { throw ExportError.cannotWrite("the checkpoint", reason: "a time that is not a number") }
        out += "\(value)".utf8
    }

    /// A row packed (`Row.pack`) into `scratch`, written as a JSON string.
    private static func row(_ row: ExtractedRecord.Row, scratch: inout [UInt8], to out: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        row.pack(into: &scratch)
        scratch.withUnsafeBufferPointer { JSONValue.writeString(utf8: $0, to: &out) }
    }

    /// A JSON array of strings.
    private static func strings(_ list: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, text) in list.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(text, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A JSON string, written as every JSON cpvanity writes one.
    private static func string(_ text: String, to out: inout [UInt8]) {
        JSONValue.writeString(text, to: &out)
    }
}

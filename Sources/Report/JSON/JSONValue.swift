import Foundation
import Packs

/// A JSON document with its keys in a chosen order. Foundation's encoders either
/// sort keys or scramble them, and print `Decimal`s through `Double`; records need
/// neither, so they are written with this.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// Written exactly as `Decimal` describes itself (`4.66`, never `4.6600000000000001`).
    case decimal(Decimal)
    /// Finite doubles only; written in Swift's shortest round-trip form.
    case double(Double)
    /// Compact JSON already written (a long list's rows, written straight from their
    /// values for NDJSON): put down as it is, so only where the document is compact.
    case written([UInt8])
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.decimal(a), .decimal(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.written(a), .written(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// `pretty`: two-space indentation, one key per line; otherwise one line (NDJSON).
    /// `terminator` ends the text (NDJSON's newline), written with it rather than joined after.
    public func serialized(pretty: Bool = true, terminator: String = "") -> String {
        String(decoding: serializedBytes(pretty: pretty, terminator: terminator), as: UTF8.self)
    }

    /// `serialized`'s UTF-8, for a writer that takes bytes (no String made and checked).
    public func serializedBytes(pretty: Bool = true, terminator: String = "") -> [UInt8] {
        // Bytes, not String appends: records of hundreds of rows are written per member.
        var output = [UInt8]()
        output.reserveCapacity(4096)
        write(to: &output, pretty: pretty, indent: 0)
        output += terminator.utf8
        return output
    }

    /// Compact, appended to `output` (a part of a document written by hand).
    package func write(to output: inout [UInt8]) {
        write(to: &output, pretty: false, indent: 0)
    }

    private func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .int(let number): output += String(number).utf8
        case .decimal(let number): output += DecimalText.plain(number).utf8
        case .double(let number): output += (number.isFinite ? number.description : "null").utf8
        case .string(let text): JSONValue.writeString(text, to: &output)
        case .written(let bytes): output += bytes
        case .array(let items):
            guard !items.isEmpty else { output += "[]".utf8; return }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(indent + 1, to: &output) }
                item.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(indent, to: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { output += "{}".utf8; return }
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(indent + 1, to: &output) }
                JSONValue.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(0x20) }
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(indent, to: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int, to output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: 2 * indent))
    }

    /// `text` as a JSON string, what a terminal or a script could misread escaped;
    /// runs with nothing to escape (nearly all text) copied whole.
    package static func writeString(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { writeString(utf8: $0, to: &output) }
    }

    private static func writeString(utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Runs with nothing to escape (nearly all text) are copied whole; a byte is
        // looked at closer only when the table marks it (controls, quote, backslash,
        // DEL, and the lead bytes of the sequences below).
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard JSONValue.needsALook[Int(byte)] else {
                index += 1
                continue
            }
            let escaped: [UInt8]
            switch byte {
            case UInt8(ascii: "\""): escaped = [0x5C, UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): escaped = [0x5C, 0x5C]
            case 0x0A: escaped = [0x5C, UInt8(ascii: "n")]
            case 0x0D: escaped = [0x5C, UInt8(ascii: "r")]
            case 0x09: escaped = [0x5C, UInt8(ascii: "t")]
            case 0..<0x20, 0x7F: escaped = Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            // C1 controls (C2 80-9F): a terminal obeys them as it does ESC.
            case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                let second = utf8[index + 1]
                escaped = Array("\\u00".utf8) + [hexDigit(second >> 4), hexDigit(second & 0x0F)]
            // U+2028 and U+2029 (E2 80 A8/A9) are valid JSON but end lines in JavaScript;
            // the bidirectional overrides and isolates (U+202A-202E, U+2066-2069) reorder
            // what a terminal shows. Escaped, the document reads the same to a parser.
            case 0xE2 where index + 2 < utf8.count && JSONValue.escapedAfterE2(utf8[index + 1], utf8[index + 2]):
                let scalar = 0x2000 | (UInt32(utf8[index + 1] & 0x0F) << 6) | UInt32(utf8[index + 2] & 0x3F)
                escaped = Array("\\u\(String(scalar, radix: 16))".utf8)
            default:
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            output.append(contentsOf: escaped)
            index += byte == 0xE2 ? 3 : byte == 0xC2 ? 2 : 1
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        output.append(UInt8(ascii: "\""))
    }

    /// The bytes `writeString` looks at closer: every other byte is copied as it is.
    private static let needsALook: [Bool] = (0...255).map { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// The second and third bytes of U+2028-202E or U+2066-2069 after E2.
    private static func escapedAfterE2(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

import Foundation
import Report

/// Output options that cannot be honoured, found before anything is fetched: usage
/// errors, worded in the options' own names.
public enum OutputChoiceError: Error, Sendable, CustomStringConvertible {
    case unknownFormat(String)
    case unknownExtension(file: String, suffix: String)
    case outputIsDirectory(String, example: String)
    case outputInsideFile(String, file: String)
    case negativeLimit(Int)
    /// An option given with a format that does not take it.
    case notTaken(FormatOption, format: String)
    /// Names (columns, keys) the pack has none of.
    case unknownNames([String], what: String, option: String, available: [String])
    case nothingToSort(pack: String)
    case unknownSortField(String, list: String, fields: [String])

    public var description: String {
        switch self {
        case .unknownFormat(let name): return "--format takes \(RecordFormats.names), not '\(name)'."
        case .unknownExtension(let file, let suffix):
            let usual = RecordFormats.all.compactMap(\.fileExtensions.first).map { "." + $0 }
            let known = usual.dropLast().joined(separator: ", ") + " or " + (usual.last ?? "")
            return "--output \(file): cpvanity writes no .\(suffix) files; name it \(known), or say which with --format."
        case .outputIsDirectory(let path, let example):
            return "--output \(path) is a directory: give the export a file name, e.g. \(URL(fileURLWithPath: path).appendingPathComponent(example).path)"
        case .outputInsideFile(let path, let file): return "--output \(path): \(file) is a file, not a directory"
        case .negativeLimit(let limit): return "--limit must be 0 or more, not \(limit)."
        case .notTaken(let option, let format):
            let takers = RecordFormats.taking(option)
            let with = takers.isEmpty ? "no format" : takers.map { "--format \($0)" }.joined(separator: " or ")
            return "\(OutputChoiceError.flag(option)) \(OutputChoiceError.purpose(option)); it goes with \(with), not \(format)."
        case .unknownNames(let unknown, let what, let option, let available):
            let named = unknown.isEmpty ? "No \(what) named" : "Unknown \(what)\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", "))"
            return "\(named) in \(option)\(NameGuess.hint(unknown, in: available)); choose from \(available.joined(separator: ", "))."
        case .nothingToSort(let pack): return "--sort orders a list of rows, and the \(pack) pack declares none."
        case .unknownSortField(let sort, let list, let fields):
            return "--sort takes a field of the \(list) list; '\(sort)' is not one\(NameGuess.hint([sort], in: fields)). Choose from \(fields.joined(separator: ", "))."
        }
    }

    static func flag(_ option: FormatOption) -> String {
        switch option {
        case .byteOrderMark: return "--bom"
        case .rawCells: return "--raw-csv"
        case .columns: return "--columns"
        case .keys: return "--json"
        case .compact: return "--compact"
        }
    }

    private static func purpose(_ option: FormatOption) -> String {
        switch option {
        case .byteOrderMark: return "marks an export as UTF-8 for Excel"
        case .rawCells: return "leaves cells starting with = + - @ as they are"
        case .columns: return "chooses an export's columns"
        case .keys: return "chooses the keys of JSON records"
        case .compact: return "prints a JSON document on one line"
        }
    }

    /// `--output FILE`, checked before anything is fetched: not a directory, not inside
    /// a file. `example` names a file to suggest inside a directory given by mistake.
    public static func checkFile(_ output: String, example: String = "members.csv") throws(OutputChoiceError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .outputIsDirectory(output, example: example)
        }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .outputInsideFile(output, file: folder)
        }
    }

    /// The comma-separated names of `list`, each one of `available`.
    static func chosen(_ list: String, from available: [String], option: String, what: String) throws(OutputChoiceError) -> [String] {
        let chosen = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let unknown = chosen.filter { !available.contains($0) }
        guard unknown.isEmpty, !chosen.isEmpty else { throw .unknownNames(unknown, what: what, option: option, available: available) }
        return chosen
    }
}

/// "Did you mean" for names typed wrong: one guess said alone, several each by its name.
public enum NameGuess {
    /// The name `name` was most likely meant to be (a typo or a prefix), if any.
    public static func closest(to name: String, in names: [String]) -> String? {
        JSONSelection.closest(to: name, in: names)
    }

    /// ` (did you mean name?)`, ` (did you mean nmae → name, sitee → site?)`, or nothing.
    static func hint(_ unknown: [String], in available: [String]) -> String {
        let guesses = unknown.compactMap { name in JSONSelection.closest(to: name, in: available).map { (name, $0) } }
        guard !guesses.isEmpty else { return "" }
        if unknown.count == 1, let only = guesses.first { return " (did you mean \(only.1)?)" }
        return " (did you mean \(guesses.map { "\($0.0) → \($0.1)" }.joined(separator: ", "))?)"
    }
}

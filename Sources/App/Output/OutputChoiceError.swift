import Foundation
import Report

/// Output options that cannot be honoured, found before anything is fetched: usage
/// errors, worded in the options' own names.
public enum OutputChoiceError: Error, Sendable, CustomStringConvertible {
    case unknownFormat(String)
    case unknownExtension(file: String, suffix: String)
    /// A format named, and a file whose extension is another format's (a workbook named .csv).
    case formatAndFileDisagree(format: String, file: String, fileFormat: String)
    case outputIsDirectory(String, example: String)
    case outputInsideFile(String, file: String)
    case negativeLimit(Int)
    /// An option given with a format that does not take it.
    case notTaken(FormatOption, format: String)
    /// Names (columns, keys) the pack has none of; `place` is where they were given: an
    /// option's own name (`columns`, `keys`) or a setting (`the columns setting`).
    case unknownNames([String], what: String, place: String, available: [String])
    case nothingToSort(pack: String)
    case unknownSortField(String, list: String, fields: [String])

    /// In the application's words; the command line says them with its flags (`ErrorAdvice`).
    public var description: String {
        switch self {
        case .unknownFormat(let name): return "there is no format '\(name)'; the formats are \(RecordFormats.names)"
        case .unknownExtension(let file, let suffix):
            return "\(file): cpvanity writes no .\(suffix) files; name it \(OutputChoiceError.usualExtensions)"
        case .formatAndFileDisagree(let format, let file, let fileFormat):
            return "the \(format) format asked for, and \(file) named like \(fileFormat): name the file for what it holds"
        case .outputIsDirectory(let path, _): return "\(path) is a directory, not a file"
        case .outputInsideFile(let path, let file): return "\(path): \(file) is a file, not a directory"
        case .negativeLimit(let limit): return "a limit must be 0 or more, not \(limit)"
        case .notTaken(let option, let format): return "the \(format) format does not take \(option.rawValue)"
        case .unknownNames(let unknown, let what, let place, let available):
            return "\(OutputChoiceError.named(unknown, what: what)) in \(place)\(NameGuess.hint(unknown, in: available)); choose from \(available.joined(separator: ", "))."
        case .nothingToSort(let pack): return "the \(pack) pack declares no list of rows to sort"
        case .unknownSortField(let sort, let list, let fields):
            return "'\(sort)' is not a field of the \(list) list\(NameGuess.hint([sort], in: fields)); choose from \(fields.joined(separator: ", "))"
        }
    }

    /// `.txt, .json, .ndjson, .csv, .md or .xlsx`.
    public static var usualExtensions: String {
        let usual = RecordFormats.all.compactMap(\.fileExtensions.first).map { "." + $0 }
        return usual.dropLast().joined(separator: ", ") + " or " + (usual.last ?? "")
    }

    /// `Unknown column nmae`, `Unknown keys a, b`, `No column named`.
    public static func named(_ unknown: [String], what: String) -> String {
        unknown.isEmpty ? "No \(what) named" : "Unknown \(what)\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", "))"
    }

    /// The output file, checked before anything is fetched: not a directory, not inside
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
    static func chosen(_ list: String, from available: [String], place: String, what: String) throws(OutputChoiceError) -> [String] {
        let chosen = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let unknown = chosen.filter { !available.contains($0) }
        guard unknown.isEmpty, !chosen.isEmpty else { throw .unknownNames(unknown, what: what, place: place, available: available) }
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
    public static func hint(_ unknown: [String], in available: [String]) -> String {
        let guesses = unknown.compactMap { name in JSONSelection.closest(to: name, in: available).map { (name, $0) } }
        guard !guesses.isEmpty else { return "" }
        if unknown.count == 1, let only = guesses.first { return " (did you mean \(only.1)?)" }
        return " (did you mean \(guesses.map { "\($0.0) → \($0.1)" }.joined(separator: ", "))?)"
    }
}

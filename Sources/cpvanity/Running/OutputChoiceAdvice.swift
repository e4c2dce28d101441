import App

/// Output options that cannot be honoured, said in the flags that were given (usage
/// errors, before anything is fetched).
enum OutputChoiceAdvice {
    static func words(_ error: OutputChoiceError) -> String {
        switch error {
        case .unknownFormat(let name): return "--format takes \(Formats.names), not '\(name)'."
        case .unknownExtension(let file, let suffix):
            return "--output \(file): cpvanity writes no .\(suffix) files; name it \(OutputChoiceError.usualExtensions), or say which with --format."
        case .formatAndFileDisagree(let format, let file, let fileFormat):
            let usual = Formats.extensions(of: format).first.map { "." + $0 } ?? "for \(format)"
            return "--format \(format) and --output \(file) disagree: the file is named as \(fileFormat); name it \(usual), or drop --format."
        case .outputIsDirectory(let path, let example):
            return "--output \(path) is a directory: give the export a file name, e.g. \(path.hasSuffix("/") ? path : path + "/")\(example)"
        case .outputInsideFile: return "--output \(error)"
        case .negativeLimit(let limit): return "--limit must be 0 or more, not \(limit)."
        case .notTaken(let option, let format):
            let takers = Formats.taking(option).map { "--format \($0)" }
            return "\(flag(option)) \(purpose(option)); it goes with \(takers.isEmpty ? "no format" : takers.joined(separator: " or ")), not \(format)."
        case .unknownNames(let unknown, let what, let place, let available):
            let option = FormatOption(rawValue: place).map(flag) ?? place
            return "\(OutputChoiceError.named(unknown, what: what)) in \(option)\(NameGuess.hint(unknown, in: available)); choose from \(available.joined(separator: ", "))."
        case .nothingToSort(let pack): return "--sort orders a list of rows, and the \(pack) pack declares none."
        case .unknownSortField(let sort, let list, let fields):
            return "--sort takes a field of the \(list) list; '\(sort)' is not one\(NameGuess.hint([sort], in: fields)). Choose from \(fields.joined(separator: ", "))."
        }
    }

    private static func flag(_ option: FormatOption) -> String {
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
}

import Extraction
import Foundation
import Learning
import Packs
import Report

/// What `patterns suggest` learns from: a saved page, the values read on it (or row
/// titles), other pages of the same markup to check on.
public struct SuggestSettings: Sendable {
    public var source: String
    public var page: String
    public var also: [String] = []
    /// Patterns printed per value.
    public var count = 3
    public var rowTitles: [String] = []
    public var collection: String?
    /// `FIELD=VALUE` or `FIELD:TYPE=VALUE`, as typed.
    public var values: [String] = []

    public init(source: String, page: String) {
        self.source = source
        self.page = page
    }
}

/// A value typed wrongly (`reputation.total` without `=`, an unknown type).
public struct SuggestInputError: Error, Sendable {
    public let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// `cpvanity patterns suggest`: patterns learnt from an example, printed as TOML to
/// paste into a pack.
public struct SuggestRun {
    public let settings: SuggestSettings
    public let pack: SitePack

    public init(settings: SuggestSettings, pack: SitePack) {
        self.settings = settings
        self.pack = pack
    }

    /// Prints the suggestions; exit status 1 when a value was not found or no pattern reads it.
    public func run() throws(AppError) -> RunOutcome {
        guard pack.source(named: settings.source) != nil else {
            throw .unknownSource(pack: pack.name, source: settings.source, available: pack.sources.map(\.name))
        }
        let examples: [PatternSuggester.Example], groups: [LearnRun.AlsoPage], known: [[PatternSuggester.Example]]
        do throws(SuggestInputError) {
            examples = try SuggestRun.examples(settings.values)
            groups = try LearnRun.alsoPages(settings.also)
            known = try groups.map { group throws(SuggestInputError) in try group.values }
        } catch {
            throw .badSetting(source: "the values", message: error.message)
        }
        let now = Date()
        let main = Page(source: settings.source, bytes: [UInt8](try SavedPage.read(settings.page)), origin: settings.page, servedAt: now)
        var others = [Page]()
        for group in groups {
            others.append(Page(source: settings.source, bytes: [UInt8](try SavedPage.read(group.file)), origin: group.file, servedAt: now))
        }
        let alsoFiles = groups.map(\.file)
        let suggester = PatternSuggester(source: settings.source, baseURL: pack.baseURL)
        if !settings.rowTitles.isEmpty {
            let found = try suggestRows(suggester, main: main, also: others, collection: settings.collection ?? pack.report.collection ?? "rows", examples: examples)
            return RunOutcome(status: found ? nil : .partialFailure)
        }
        var found = true
        for example in examples {
            let search = suggester.search(example, page: main, also: others, alsoExamples: known.map { values in values.first { $0.field == example.field } })
            try Output.write(render(example, search, alsoFiles: alsoFiles))
            found = found && !search.candidates.isEmpty
        }
        return RunOutcome(status: found ? nil : .partialFailure)
    }

    /// The values as typed, read: the field, the value, and the type when `FIELD:TYPE=` says it.
    public static func examples(_ values: [String]) throws(SuggestInputError) -> [PatternSuggester.Example] {
        var examples = [PatternSuggester.Example]()
        for pair in values {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw SuggestInputError("'\(pair)' is not FIELD=VALUE; e.g. name=\"Ada Pond\" or a field's key=1204873")
            }
            var field = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            var type: FieldType?
            if let colon = field.lastIndex(of: ":") {
                guard let named = FieldType(rawValue: String(field[field.index(after: colon)...])) else {
                    throw SuggestInputError("'\(pair)': unknown type; use one of \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                type = named
                field = String(field[..<colon])
            }
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw SuggestInputError("'\(pair)' has no value") }
            examples.append(PatternSuggester.Example(field: field, value: value, type: type))
        }
        return examples
    }

    /// Rows: the list's section, a row_start, the title field and the row fields, printed; false when none holds.
    private func suggestRows(_ suggester: PatternSuggester, main: Page, also: [Page], collection: String, examples: [PatternSuggester.Example]) throws(AppError) -> Bool {
        let values = examples.map { PackLearner.RowValue(title: nil, example: $0) }
        switch suggester.suggestList(titles: settings.rowTitles, values: values, page: main, also: also, collection: collection) {
        case .failure(let why):
            Diagnostics.warning("no rows: \(why.message)")
            return false
        case .success(let list):
            for missing in list.unlearned { Diagnostics.warning(missing) }
            let others = zip(also, list.alsoRows).map { "; \($0.origin): \($1) rows" }.joined()
            try Output.write("# \(collection): \(list.rows) rows on \(settings.page)\(others)\n" + list.toml)
            return list.unlearned.isEmpty
        }
    }

    private func render(_ example: PatternSuggester.Example, _ search: PatternSuggester.FieldSearch, alsoFiles: [String]) -> String {
        let shown = "\(example.field) = \(example.value)"
        let candidates = search.candidates
        guard !candidates.isEmpty else {
            Diagnostics.warning("\(shown): no pattern found; \(search.notLearned?.message ?? "no pattern reads exactly it")")
            return "# \(shown): no pattern found\n\n"
        }
        var text = "# \(shown): \(candidates.count) pattern\(candidates.count == 1 ? "" : "s") read it on \(settings.page); the best \(min(settings.count, candidates.count)):\n\n"
        for (index, candidate) in candidates.prefix(settings.count).enumerated() {
            text += "# \(index + 1). from \(candidate.anchor)\n"
            for (other, value) in zip(alsoFiles, candidate.alsoValues) {
                text += "#    \(other): \(value.map(describe) ?? "nothing")\n"
            }
            text += candidate.toml(source: settings.source) + "\n"
        }
        return text
    }

    private func describe(_ value: FieldValue) -> String {
        switch value {
        case .null: return "null"
        case .int(let number): return String(number)
        case .decimal(let number): return "\(number)"
        case .text(let text): return "\"\(TerminalText.escaped(text))\""
        case .date(let date): return date.description
        }
    }
}

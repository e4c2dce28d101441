import Foundation
import Learning

/// What a person read on one page, as they write it: words after the page on the
/// command line, or the lines of a facts file (`#` starts a comment):
///
///     FIELD=VALUE            a value (FIELD:TYPE=VALUE says its type)
///     row-title=TITLE        the title of one of the list's rows, in page order
///     row=TITLE|FIELD=VALUE  a value read on the row with that title
///     list-count=N           how many items the list shows
///     id=ID                  the ID of the member whose page it is (`--id`)
struct PageFacts {
    var values: [PatternSuggester.Example] = []
    var rowTitles: [String] = []
    var rowValues: [PackLearner.RowValue] = []
    var listCount: Int?
    /// The member's ID, where the page's facts say it: text that changes with the member.
    var memberID: String?

    mutating func add(_ word: String) throws(SuggestInputError) {
        if word.hasPrefix("id=") {
            let id = String(word.dropFirst("id=".count))
            guard !id.isEmpty, !id.contains(where: \.isWhitespace) else { throw SuggestInputError("'\(word)': the member's ID is one word, as the page's address has it") }
            memberID = id
        } else if word.hasPrefix("row-title=") {
            let title = String(word.dropFirst("row-title=".count))
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw SuggestInputError("'\(word)' has no title") }
            rowTitles.append(title)
        } else if word.hasPrefix("row=") {
            rowValues.append(try PageFacts.rowValue(String(word.dropFirst("row=".count))))
        } else if word.hasPrefix("list-count=") {
            let count = word.dropFirst("list-count=".count).trimmingCharacters(in: .whitespaces)
            guard let number = Int(count), number >= 0, number <= 1_000_000 else {
                throw SuggestInputError("'\(word)': a list's count is a whole number of items, 0 to 1,000,000")
            }
            listCount = number
        } else {
            values += try SuggestRun.examples([word])
        }
    }

    mutating func add(_ words: [String]) throws(SuggestInputError) {
        for word in words { try add(word) }
    }

    /// `TITLE|FIELD=VALUE`, or `FIELD=VALUE` for the first titled row.
    static func rowValue(_ text: String) throws(SuggestInputError) -> PackLearner.RowValue {
        let bar = text.firstIndex(of: "|")
        let equals = text.firstIndex(of: "=")
        if let bar, equals.map({ bar < $0 }) ?? true {
            let title = String(text[..<bar])
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw SuggestInputError("'\(text)' has no title before its |") }
            guard let example = try SuggestRun.examples([String(text[text.index(after: bar)...])]).first else { throw SuggestInputError("'\(text)' has no value") }
            return PackLearner.RowValue(title: title, example: example)
        }
        guard let example = try SuggestRun.examples([text]).first else { throw SuggestInputError("'\(text)' has no value") }
        return PackLearner.RowValue(title: nil, example: example)
    }

    /// The facts in `path`, a line each (blank lines and `#` comments skipped), with the
    /// file and line named in what is wrong.
    static func file(_ path: String) throws(AppError) -> PageFacts {
        let data = try InputFile.read(path, role: .page)
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(.page, path: path, reason: "it is not UTF-8 text; a facts file has a FIELD=VALUE a line")
        }
        var facts = PageFacts()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fact = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            guard !fact.trimmingCharacters(in: .whitespaces).isEmpty, !fact.hasPrefix("#") else { continue }
            do throws(SuggestInputError) {
                try facts.add(fact)
            } catch {
                throw .badSetting(source: "\(path), line \(number + 1)", message: error.message)
            }
        }
        return facts
    }

    func merged(with other: PageFacts) -> PageFacts {
        PageFacts(values: values + other.values, rowTitles: rowTitles + other.rowTitles, rowValues: rowValues + other.rowValues,
                  listCount: other.listCount ?? listCount, memberID: other.memberID ?? memberID)
    }
}

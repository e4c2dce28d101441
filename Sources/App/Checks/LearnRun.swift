import Extraction
import Foundation
import Learning
import Packs
import Report

/// What `patterns learn` learns from: a saved page, the values read on it, a list by
/// its row titles, other saved pages with the values known there, and where the
/// site's pages are.
public struct LearnSettings: Sendable {
    public var page: String
    /// `FIELD=VALUE` or `FIELD:TYPE=VALUE`, as typed.
    public var values: [String] = []
    public var rowTitles: [String] = []
    /// Values read on titled rows, as `FIELD=VALUE` (the first titled row) or
    /// `TITLE|FIELD=VALUE`.
    public var rowValues: [String] = []
    /// A file of what was read on the page, a fact a line (`PageFacts`).
    public var facts: String?
    /// Other pages, each followed by its own facts (`FIELD=VALUE`, `row-title=`, `row=`,
    /// `list-count=`, or a `.facts` file), as typed after `--also`
    /// (`other.html name="Karl Lorey" followers=197`).
    public var also: [String] = []
    /// The page's address with the member's ID as `{id}`; nil: from the page's canonical link.
    public var url: String?
    public var id: String?
    public var name: String?
    public var source = "profile"
    public var collection = "rows"
    /// Where to write the pack; nil for standard output.
    public var output: String?

    public init(page: String) {
        self.page = page
    }
}

/// `cpvanity patterns learn`: a whole pack from the values a person reads on a page,
/// checked on other pages, printed or written to a file.
public struct LearnRun {
    public let settings: LearnSettings

    public init(settings: LearnSettings) {
        self.settings = settings
    }

    /// Writes the pack and says on stderr how it read each page; the outcome's status
    /// is 1 when a value was not learned or reads wrong on a page.
    public func run() throws(AppError) -> RunOutcome {
        var facts = try settings.facts.map(PageFacts.file) ?? PageFacts()
        let groups: [AlsoPage]
        do throws(SuggestInputError) {
            try facts.add(settings.values)
            facts.rowTitles += settings.rowTitles
            facts.rowValues += try settings.rowValues.map(PageFacts.rowValue)
            groups = try LearnRun.alsoPages(settings.also)
        } catch {
            throw .badSetting(source: "the values", message: error.message)
        }
        guard facts.rowTitles.count != 1 else {
            throw .badSetting(source: "the row titles", message: "one title gives no list; give two or three, in the order the rows are on the page")
        }
        let now = Date()
        let main = try page(settings.page, servedAt: now)
        var also = [PackLearner.PageValues]()
        for group in groups {
            let known = try group.facts()
            var values = PackLearner.PageValues(page: try page(group.file, servedAt: now), values: known.values, rowTitles: known.rowTitles,
                                                rowValues: known.rowValues, listCount: known.listCount)
            values.memberID = known.memberID
            also.append(values)
        }
        if let given = settings.id, let written = facts.memberID, given != written {
            throw .badSetting(source: "the member's ID", message: "'\(TerminalText.escaped(given))' was given, and the facts say id=\(TerminalText.escaped(written)); give the ID of the member whose page it is once")
        }
        var memberID = settings.id ?? facts.memberID
        let canonical = LearnRun.canonicalLink(String(decoding: main.utf8, as: UTF8.self))
        let url = try siteURL(canonical: canonical, id: memberID)
        // Not given: the ID in the page's own canonical address, read by the address's form.
        if memberID == nil, let canonical {
            memberID = LearnRun.memberID(in: canonical, form: url)
        }
        if let name = settings.name, !PackName.isUsable(name) {
            throw .badSetting(source: "the site's name", message: "'\(TerminalText.escaped(name))' is not one; a site's name is letters, digits, - and _ (what a command names the site by)")
        }
        var site = PackLearner.Site(name: settings.name ?? LearnRun.siteName(url), url: url, id: memberID)
        site.source = settings.source
        site.collection = settings.collection
        let started = Date()
        let outcome = PackLearner(site: site).learn(from: PackLearner.PageValues(page: main, values: facts.values, rowTitles: facts.rowTitles,
                                                                                 rowValues: facts.rowValues, listCount: facts.listCount), also: also)
        let seconds = Date().timeIntervalSince(started)
        try write(outcome.toml)
        tell(outcome, seconds: seconds)
        let right = outcome.unlearned.isEmpty && outcome.checks.allSatisfy(\.right)
        return RunOutcome(status: right ? nil : .partialFailure)
    }

    /// An `--also` page and what is known on it.
    struct AlsoPage {
        var file: String
        var words: [String] = []
        var factFiles: [String] = []

        /// What the words and facts files after it say was read there.
        func facts() throws(AppError) -> PageFacts {
            var facts = PageFacts()
            for file in factFiles { facts = facts.merged(with: try PageFacts.file(file)) }
            do throws(SuggestInputError) {
                try facts.add(words)
            } catch {
                throw .badSetting(source: "the values for \(file)", message: error.message)
            }
            return facts
        }

        /// The values typed for it (`patterns suggest` reads these alone).
        var values: [PatternSuggester.Example] {
            get throws(SuggestInputError) {
                var facts = PageFacts()
                try facts.add(words)
                return facts.values
            }
        }
    }

    /// The words after `--also`, grouped: a file starts a page; after it, a `.facts`
    /// file holds what was read there, and `FIELD=VALUE`, `row-title=`, `row=` and
    /// `list-count=` words say it. A word with `=` that names an existing file is a file.
    static func alsoPages(_ words: [String]) throws(SuggestInputError) -> [AlsoPage] {
        var pages = [AlsoPage]()
        for word in words {
            let isFile = FileManager.default.fileExists(atPath: word)
            if isFile, word.hasSuffix(".facts"), !pages.isEmpty {
                pages[pages.count - 1].factFiles.append(word)
                continue
            }
            guard word.contains("=") && !isFile else {
                pages.append(AlsoPage(file: word))
                continue
            }
            guard !pages.isEmpty else { throw SuggestInputError("'\(word)' comes before any other page it was read on; give the page first, then the values read there") }
            pages[pages.count - 1].words.append(word)
        }
        return pages
    }

    private func page(_ file: String, servedAt: Date) throws(AppError) -> Page {
        Page(source: settings.source, bytes: [UInt8](try SavedPage.read(file)), origin: file, servedAt: servedAt)
    }

    /// `--url`, else the page's own canonical link with `--id` in it made `{id}`.
    private func siteURL(canonical: String?, id: String?) throws(AppError) -> String {
        if let url = settings.url {
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.contains("{id}") else {
                throw .badSetting(source: "the page's address", message: "'\(url)' is not a page address with {id} where the member's ID goes, e.g. https://example.com/users/{id}")
            }
            return url
        }
        if let id, let canonical, canonical.contains(id) {
            return canonical.replacingOccurrences(of: id, with: "{id}")
        }
        throw .noPageAddress(hasID: id != nil)
    }

    /// The ID where `form` has `{id}`: `https://quill.example/members/ada` by
    /// `https://quill.example/members/{id}` is `ada`. Nil where the address is not of that
    /// form, or the ID would hold a `/`, `?` or `#`. The scheme and a `www.` aside.
    static func memberID(in address: String, form: String) -> String? {
        func bare(_ text: String) -> String {
            var text = text.components(separatedBy: "://").dropFirst().joined(separator: "://")
            if text.hasPrefix("www.") { text.removeFirst(4) }
            return text
        }
        let parts = bare(form).components(separatedBy: "{id}")
        let address = bare(address)
        guard parts.count == 2, address.count > parts[0].count + parts[1].count, address.hasPrefix(parts[0]), address.hasSuffix(parts[1]) else { return nil }
        let id = address.dropFirst(parts[0].count).dropLast(parts[1].count)
        guard !id.contains(where: { "/?#".contains($0) || $0.isWhitespace }) else { return nil }
        return id.removingPercentEncoding ?? String(id)
    }

    static func canonicalLink(_ page: String) -> String? {
        guard let range = page.range(of: #"<link\b[^>]*\brel\s*=\s*["']canonical["'][^>]*>"#, options: [.regularExpression, .caseInsensitive]),
              let href = page[range].range(of: #"href\s*=\s*["'][^"']+"#, options: .regularExpression) else { return nil }
        let value = page[range][href].drop { $0 != "\"" && $0 != "'" }.dropFirst()
        return value.isEmpty ? nil : String(value)
    }

    /// `https://news.ycombinator.com/user?id={id}` → "ycombinator".
    static func siteName(_ url: String) -> String {
        let host = url.components(separatedBy: "://").dropFirst().first?.prefix { $0 != "/" && $0 != ":" && $0 != "?" } ?? ""
        let labels = host.split(separator: ".").filter { $0 != "www" }
        let name = labels.count >= 2 ? labels[labels.count - 2] : labels.first ?? "site"
        let cleaned = name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        return cleaned.isEmpty ? "site" : cleaned
    }

    private func write(_ toml: String) throws(AppError) {
        guard let output = settings.output else {
            try Output.write(toml)
            return
        }
        let file = try AtomicFile.output(output)
        do {
            try file.write(toml)
            try file.commit()
        } catch let error as ExportError {
            throw .export(error)
        } catch {
            throw .export(.cannotWrite(output, reason: "\(error)"))
        }
    }

    private func tell(_ outcome: PackLearner.Outcome, seconds: Double) {
        for missing in outcome.unlearned {
            Diagnostics.warning(missing)
        }
        for note in outcome.notes {
            Diagnostics.info(note)
        }
        var pages = [String]()
        for check in outcome.checks where !pages.contains(check.page) { pages.append(check.page) }
        for page in pages {
            let checks = outcome.checks.filter { $0.page == page }
            Diagnostics.info("\(page): \(checks.count { $0.right }) of \(checks.count) values read right")
            for check in checks where !check.right {
                Diagnostics.warning("\(page): \(check.field): read \(check.read.map { "\"\($0)\"" } ?? "nothing"), where the value given is \"\(check.expected)\"")
            }
        }
        Diagnostics.info(String(format: "learned in %.1f s%@", seconds, settings.output.map { "; the pack is in \($0)" } ?? ""))
    }
}

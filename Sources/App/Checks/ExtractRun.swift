import Extraction
import Foundation
import Packs
import Report

/// What `extract` reads: saved pages, and how to tell whose and which they are.
public struct ExtractSettings: Sendable {
    /// Saved pages, or `-` for standard input.
    public var files: [String]
    /// Which source of the pack the pages are; nil: from `<source>-<id>.html`.
    public var source: String?
    /// The member the pages are of, for patterns that name it; nil: from the file name.
    public var id: String?
    /// What relative links are made absolute against; nil: the pack's base URL.
    public var baseURL: String?
    /// A record a line.
    public var compact = false

    public init(files: [String]) {
        self.files = files
    }
}

/// `cpvanity extract`: a pack's rules applied to saved pages, a record each (a source's
/// further pages, `-p2` and on, join its first page's), printed as JSON; each problem a
/// warning on stderr.
public struct ExtractRun {
    public let settings: ExtractSettings
    public let pack: SitePack

    public init(settings: ExtractSettings, pack: SitePack) {
        self.settings = settings
        self.pack = pack
    }

    /// Writes the records (one, or an array); exit status 1 when some record has a problem.
    public func run() throws(AppError) -> RunOutcome {
        if let id = settings.id, !pack.idRule.accepts(id) {
            throw .badSetting(source: "the member's ID", message: "'\(TerminalText.escaped(id))' is not a \(pack.name) member ID (\(pack.idRule.requirement(refusing: [id]))); nothing was read")
        }
        var extractor = Extractor(pack: pack, baseURL: settings.baseURL)
        extractor.quotesPatternsWhole = Console.verbosity == .verbose
        var records = [JSONValue]()
        var anyProblem = false
        for var group in pageGroups() {
            var pages = [Page]()
            for (index, file) in group.enumerated() { pages.append(try loadPage(file, number: index + 1)) }
            let saved = SavedPageName.parse(URL(fileURLWithPath: group[0]).lastPathComponent, sources: pack.sources.map(\.name))
            let cut = try readFurtherPages(&pages, files: &group, saved: saved)
            // A file name's ID is the member's only when the pack would take it as one.
            let id = settings.id ?? saved.map(\.id).flatMap { pack.idRule.accepts($0) ? $0 : nil }
            if id == nil {
                Diagnostics.info("\(group[0] == "-" ? "<stdin>" : group[0]): the record's id is null: no member ID was given for it, and its file name holds none that is a \(pack.name) ID (name the page <source>-<id>.html, or give the ID)")
            }
            let record = extractor.extract(pages, member: id, cut: cut)
            anyProblem = anyProblem || !record.problems.isEmpty
            for problem in record.problems { Diagnostics.warning(problem.description) }
            let named = settings.files.count > group.count
                ? [("file", JSONValue.string(group[0]))] + (group.count > 1 ? [("pages", JSONValue.array(group.map { .string($0) }))] : []) : []
            records.append(RecordJSON.value(record, pack: pack, leading: standardKeys(id: id, pages: pages, files: group) + named))
        }
        let document = records.count == 1 ? records[0] : .array(records)
        try Output.write(document.serialized(pretty: !settings.compact) + "\n")
        return RunOutcome(status: anyProblem ? .partialFailure : nil)
    }

    /// What every record begins with, as a lookup's does: the schema, the member's ID
    /// (null when neither `--id` nor the file name gives one), the site, when the page
    /// was saved (the file's time; now, for standard input), and the files as its sources.
    private func standardKeys(id: String?, pages: [Page], files: [String]) -> [(String, JSONValue)] {
        let saved = files.first.flatMap { $0 == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date } ?? Date()
        var sources = [(name: String, url: String)]()
        for (page, file) in zip(pages, files) where !sources.contains(where: { $0.name == page.source }) {
            sources.append((page.source, file == "-" ? "<stdin>" : file))
        }
        return RecordJSON.identity(id: id, site: pack.name, fetchedAt: saved, sources: sources)
    }

    /// A list's pages after those given, saved beside the first (`<source>-<id>-p2.html`,
    /// ...), read while the last one links on; a page linked and not saved is said, and
    /// its source returned: the list is cut there, and statistics over it are unknown.
    private func readFurtherPages(_ pages: inout [Page], files: inout [String], saved: SavedPageName?) throws(AppError) -> Set<String> {
        guard let first = pages.first, let rule = pack.source(named: first.source) else { return [] }
        let directory = URL(fileURLWithPath: files[0]).deletingLastPathComponent().path
        while let last = pages.last, let link = rule.nextLink(on: last.utf8), pages.count < rule.maxPages {
            let name = SavedPageName(source: rule.name, id: saved?.id ?? settings.id ?? "<id>", page: pages.count + 1).fileName
            let path = (directory as NSString).appendingPathComponent(name)
            guard saved != nil, files[0] != "-", FileManager.default.fileExists(atPath: path) else {
                let missing = saved == nil ? "its further pages are read only beside a first page named \(rule.name)-<id>.html, as \(name)" : "\(name) is not saved beside it"
                Diagnostics.warning("\(files[last.number - 1]): the \(rule.name) list goes on (next page: \(link)), but \(missing); "
                                    + "its rows are those of the pages given, and statistics over them are unknown")
                return [rule.name]
            }
            pages.append(try loadPage(path, number: pages.count + 1))
            files.append(path)
        }
        return []
    }

    /// The files, each a group of its own, except that a source's further pages
    /// (`-p2`, ...) join the group of its first page when that is given too (wherever it
    /// stands among the files), in page order.
    private func pageGroups() -> [[String]] {
        let sources = pack.sources.map(\.name)
        let names = settings.files.map { settings.source == nil ? SavedPageName.parse(URL(fileURLWithPath: $0).lastPathComponent, sources: sources) : nil }
        let firstPages = Set(names.compactMap { $0?.page == 1 ? $0 : nil })
        var groups = [[(file: String, page: Int)]]()
        var groupOf = [SavedPageName: Int]()
        for (file, name) in zip(settings.files, names) {
            if let name, name.page > 1 {
                let first = SavedPageName(source: name.source, id: name.id)
                if firstPages.contains(first) {
                    if let index = groupOf[first] { groups[index].append((file, name.page)) } else {
                        groupOf[first] = groups.count
                        groups.append([(file, name.page)])
                    }
                    continue
                }
            }
            if let name, name.page == 1 {
                if let index = groupOf[name] {
                    groups[index].append((file, 1))
                    continue
                }
                groupOf[name] = groups.count
            }
            groups.append([(file, name?.page ?? 1)])
        }
        return groups.map { $0.sorted { $0.page < $1.page }.map(\.file) }
    }

    private func loadPage(_ file: String, number: Int = 1) throws(AppError) -> Page {
        // A file that is not there is the first thing to say, whatever its name.
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try InputFile.read(file, role: .page)
        let sourceName: String
        if let source = settings.source {
            sourceName = source
        } else if let named = SavedPageName.parse(URL(fileURLWithPath: file).lastPathComponent, sources: pack.sources.map(\.name)) {
            sourceName = named.source
        } else if pack.sources.count == 1, let only = pack.sources.first {
            // A pack of one source: every page is that source's.
            sourceName = only.name
        } else {
            throw .unnamedPage(file: file, available: pack.sources.map(\.name))
        }
        guard pack.source(named: sourceName) != nil else {
            throw .unknownSource(pack: pack.name, source: sourceName, available: pack.sources.map(\.name))
        }
        return Page(source: sourceName, bytes: [UInt8](data), origin: file == "-" ? "<stdin>" : file, number: number)
    }
}

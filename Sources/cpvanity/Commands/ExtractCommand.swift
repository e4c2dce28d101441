import App
import ArgumentParser
import Extraction
import Foundation
import PackCheck
import Packs
import Report

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Apply a site pack's rules to saved pages and print the records as JSON.",
        discussion: """
            Each FILE is one page, and one record. Its source (profile, articles, ...) comes \
            from --source, or from a file name of the form <source>-<id>.html, the naming \
            --save-pages uses; the further pages of a source that runs over several \
            (<source>-<id>-p2.html, ...) join the record of its first page, their rows after \
            its rows. Use - to read a page from standard input (with --source).
            """
    )

    @OptionGroup var pack: PackOptions

    @Option(name: .long, help: ArgumentHelp("Which source of the pack the pages are.", valueName: "name"))
    var source: String?

    @Option(name: .long, help: ArgumentHelp("Base URL that relative links are resolved against (default: the pack's).", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("The member the pages are of, for patterns that name it ({id}); default: from <source>-<id>.html.", valueName: "id"))
    var id: String?

    @Flag(name: .long, help: "Print each record on one line.")
    var compact = false

    @Argument(help: ArgumentHelp("Saved pages, or - for standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one saved page (or - for standard input).") }
        if files.contains("-") && source == nil {
            throw ValidationError("Reading a page from standard input needs --source, e.g. --source profile.")
        }
    }

    func run() throws {
        let (sitePack, _) = try pack.load()
        let extractor = Extractor(pack: sitePack, baseURL: baseURL)
        var records = [JSONValue]()
        var anyProblem = false
        for var group in pageGroups(sitePack) {
            var pages = try group.enumerated().map { try loadPage($1, pack: sitePack, number: $0 + 1) }
            let saved = SavedPageName.parse(URL(fileURLWithPath: group[0]).lastPathComponent, sources: sitePack.sources.map(\.name))
            let cut = try readFurtherPages(&pages, files: &group, saved: saved, pack: sitePack)
            let record = extractor.extract(pages, member: id ?? saved?.id, cut: cut)
            anyProblem = anyProblem || !record.problems.isEmpty
            for problem in record.problems { Diagnostics.warning(problem.description) }
            let named = files.count > group.count ? [("file", JSONValue.string(group[0]))] + (group.count > 1 ? [("pages", JSONValue.array(group.map { .string($0) }))] : []) : []
            records.append(RecordJSON.value(record, pack: sitePack, leading: named))
        }
        let document = records.count == 1 ? records[0] : .array(records)
        Output.write(document.serialized(pretty: !compact) + "\n")
        if anyProblem { throw ExitStatus.partialFailure }
    }

    /// A list's pages after those given, saved beside the first (`<source>-<id>-p2.html`,
    /// ...), read while the last one links on; a page linked and not saved is said, and
    /// its source returned: the list is cut there, and statistics over it are unknown.
    private func readFurtherPages(_ pages: inout [Page], files: inout [String], saved: SavedPageName?, pack sitePack: SitePack) throws -> Set<String> {
        guard let first = pages.first, let rule = sitePack.source(named: first.source) else { return [] }
        let directory = URL(fileURLWithPath: files[0]).deletingLastPathComponent().path
        while let last = pages.last, let link = rule.nextLink(on: last.utf8), pages.count < rule.maxPages {
            let name = SavedPageName(source: rule.name, id: saved?.id ?? id ?? "<id>", page: pages.count + 1).fileName
            let path = (directory as NSString).appendingPathComponent(name)
            guard saved != nil, files[0] != "-", FileManager.default.fileExists(atPath: path) else {
                let missing = saved == nil ? "its further pages are read only beside a first page named \(rule.name)-<id>.html, as \(name)" : "\(name) is not saved beside it"
                Diagnostics.warning("\(files[last.number - 1]): the \(rule.name) list goes on (next page: \(link)), but \(missing); "
                                    + "its rows are those of the pages given, and statistics over them are unknown")
                return [rule.name]
            }
            pages.append(try loadPage(path, pack: sitePack, number: pages.count + 1))
            files.append(path)
        }
        return []
    }

    /// The files, each a group of its own, except that a source's further pages
    /// (`-p2`, ...) join the group of its first page when that is given too (wherever it
    /// stands among the files), in page order.
    private func pageGroups(_ sitePack: SitePack) -> [[String]] {
        let sources = sitePack.sources.map(\.name)
        let names = files.map { source == nil ? SavedPageName.parse(URL(fileURLWithPath: $0).lastPathComponent, sources: sources) : nil }
        let firstPages = Set(names.compactMap { $0?.page == 1 ? $0 : nil })
        var groups = [[(file: String, page: Int)]]()
        var groupOf = [SavedPageName: Int]()
        for (file, name) in zip(files, names) {
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

    private func loadPage(_ file: String, pack sitePack: SitePack, number: Int = 1) throws -> Page {
        // A file that is not there is the first thing to say, whatever its name.
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try InputFile.read(file, role: .page)
        let sourceName: String
        if let source {
            sourceName = source
        } else if let named = SavedPageName.parse(URL(fileURLWithPath: file).lastPathComponent, sources: sitePack.sources.map(\.name)) {
            sourceName = named.source
        } else {
            throw AppError.unnamedPage(file: file, available: sitePack.sources.map(\.name))
        }
        guard sitePack.source(named: sourceName) != nil else {
            throw AppError.unknownSource(pack: sitePack.name, source: sourceName, available: sitePack.sources.map(\.name))
        }
        return Page(source: sourceName, bytes: [UInt8](data), origin: file == "-" ? "<stdin>" : file, number: number)
    }
}

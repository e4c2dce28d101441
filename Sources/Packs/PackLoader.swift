import Foundation
import Matching
import PageText
import TOMLKit

/// Reads a site pack's TOML, checks every key, and compiles every pattern once.
/// Problems are collected rather than thrown one at a time, so a broken pack is
/// reported whole, each problem with the key path it sits at.
public struct PackLoader {
    public let engine: any PatternEngine

    public init(engine: any PatternEngine = PCRE2Engine()) {
        self.engine = engine
    }

    public func load(file: String) throws -> SitePack {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw PackLookupError.unreadable(file: file, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PackLoadError(file: file, problems: [PackProblem(location: "", message: "the file is not UTF-8 text")])
        }
        return try load(toml: text, file: file)
    }

    public func load(toml text: String, file: String) throws(PackLoadError) -> SitePack {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let position = error.source.begin
            throw PackLoadError(file: file, problems: [PackProblem(
                location: "line \(position.line), column \(position.column)",
                message: "not valid TOML: \(error.description)")])
        } catch {
            throw PackLoadError(file: file, problems: [PackProblem(location: "", message: "not valid TOML: \(error)")])
        }
        var reader = PackReader(engine: engine, order: DeclarationOrder(text))
        let pack = reader.read(root, file: file)
        guard reader.problems.isEmpty, let pack else {
            throw PackLoadError(file: file, problems: reader.problems)
        }
        return pack
    }
}

/// The walk over one pack's TOML. Each `read…` method records problems and returns
/// nil for the part it could not build, so reading carries on past the first error.
struct PackReader {
    let engine: any PatternEngine
    let order: DeclarationOrder
    var problems: [PackProblem] = []
    var caseInsensitive = true
    /// The pack's `[limits]`, which every pattern is compiled with.
    var limits = MatchLimits.default
    /// Patterns compiled so far, by text and case rule: a pattern written many times
    /// (the same `within` for fourteen fields) is compiled, and searched, once.
    var compiled: [PatternKey: any CompiledPattern] = [:]
    var narrowingSlots: [PatternKey: Int] = [:]

    struct PatternKey: Hashable {
        let text: String
        let caseInsensitive: Bool
    }

    init(engine: any PatternEngine, order: DeclarationOrder) {
        self.engine = engine
        self.order = order
    }

    mutating func read(_ root: TOMLTable, file: String) -> SitePack? {
        checkKeys(root, at: "", allowed: ["site", "limits", "sources", "fields", "collections", "stats", "report", "feeds", "archive"])
        guard let site = table(root, "site", at: "", required: true) else { return nil }
        checkKeys(site, at: "site", allowed: ["name", "title", "base_url", "id", "case_sensitive"])
        let name = string(site, "name", at: "site", required: true)
        if let name { checkName(name, at: "site.name", what: "site", dotted: false, reserved: false, startsWithLetter: false) }
        let baseURL = string(site, "base_url", at: "site", required: true)
        if let baseURL {
            checkBase(baseURL, at: "site.base_url", example: "https://www.example.com")
        }
        caseInsensitive = !(bool(site, "case_sensitive", at: "site") ?? false)
        limits = readLimits(root)
        let idRule = readIDRule(site)

        var sources = [SourceRule]()
        if let sourceTable = table(root, "sources", at: "", required: true) {
            for key in sourceTable.keys.sorted() {
                if let source = readSource(sourceTable, key) { sources.append(source) }
            }
            if sourceTable.keys.isEmpty {
                problems.append(PackProblem(location: "sources", message: "declares no source; add e.g. [sources.profile] with a url"))
            }
        }
        let sourceNames = Set(sources.map(\.name))

        var fields = [FieldRule]()
        if let fieldTable = table(root, "fields", at: "", required: false) {
            for key in order.sorted(fieldTable.keys, under: ["fields"]) {
                if let field = readField(fieldTable, key, at: "fields", sources: sourceNames, fixedSource: nil) { fields.append(field) }
            }
        }
        var collections = [CollectionRule]()
        if let collectionTable = table(root, "collections", at: "", required: false) {
            for key in order.sorted(collectionTable.keys, under: ["collections"]) {
                if let collection = readCollection(collectionTable, key, sources: sourceNames) { collections.append(collection) }
            }
        }
        checkNames(fields: fields, collections: collections)
        checkEachMemberReadsTheirOwn(sources: sources, fields: fields, collections: collections)
        // Statistics and a report naming a field that failed to load would only repeat that problem.
        let stats = problems.isEmpty ? readStats(root, fields: fields, collections: collections) : []
        let report = problems.isEmpty ? readReport(root, fields: fields, collections: collections, stats: stats) : ReportSpec()
        var feeds = [FeedSpec]()
        if let feedTable = table(root, "feeds", at: "", required: false) {
            for key in feedTable.keys.sorted() {
                if let feed = readFeed(feedTable, key) { feeds.append(feed) }
            }
        }
        let archive = readArchive(root)
        guard let name, let baseURL, let idRule else { return nil }
        let title = string(site, "title", at: "site") ?? name
        return SitePack(name: name, title: title, baseURL: baseURL, file: file, idRule: idRule,
                        sources: sources, fields: fields, collections: collections, stats: stats, limits: limits, report: report, feeds: feeds,
                        archive: archive)
    }

    /// JSON nests on dots: "a" and "a.b" cannot both be values, nor a field and a
    /// collection share a name.
    mutating func checkNames(fields: [FieldRule], collections: [CollectionRule]) {
        for field in fields {
            if let inner = fields.first(where: { $0.name.hasPrefix(field.name + ".") }) {
                problems.append(PackProblem(location: "fields.\(quoted(field.name))", message: "is also the start of fields.\(quoted(inner.name)); records could not hold both, rename one"))
            }
        }
        for collection in collections where fields.contains(where: { $0.name == collection.name || $0.name.hasPrefix(collection.name + ".") }) {
            problems.append(PackProblem(location: "collections.\(quoted(collection.name))", message: "has the same name as a field; records could not hold both"))
        }
    }

    // MARK: Parts

    /// `site.id`, compiled with the pack's case rule (read before it).
    mutating func readIDRule(_ site: TOMLTable) -> IDRule? {
        guard let pattern = string(site, "id", at: "site", required: true) else { return nil }
        guard !pattern.isEmpty else {
            problems.append(PackProblem(location: "site.id", message: "is empty; write the pattern every member ID matches, e.g. '[0-9]+'"))
            return nil
        }
        return compile(pattern, at: "site.id", caseInsensitive: caseInsensitive).map { IDRule(pattern: pattern, compiled: $0) }
    }

    mutating func readLimits(_ root: TOMLTable) -> MatchLimits {
        var limits = MatchLimits.default
        guard let table = table(root, "limits", at: "", required: false) else { return limits }
        checkKeys(table, at: "limits", allowed: ["match_steps", "depth", "heap_kib"])
        if let steps = positive(table, "match_steps", at: "limits") { limits.steps = steps }
        if let depth = positive(table, "depth", at: "limits") { limits.depth = depth }
        if let heap = positive(table, "heap_kib", at: "limits") { limits.heapKiB = heap }
        return limits
    }

    mutating func readSource(_ parent: TOMLTable, _ key: String) -> SourceRule? {
        let at = "sources.\(quoted(key))"
        // A source names saved pages (<source>-<id>.html): no path may hide in it.
        checkName(key, at: at, what: "source", dotted: false, reserved: false)
        guard let table = table(parent, key, at: "sources", required: true) else { return nil }
        checkKeys(table, at: at, allowed: ["url", "missing", "complete", "next", "max_pages", "next_hosts", "time", "archived"])
        let url = string(table, "url", at: at, required: true)
        let missing = patterns(table, "missing", at: at, required: false)
        let complete = patterns(table, "complete", at: at, required: false)
        let next = string(table, "next", at: at).flatMap { compile($0, at: "\(at).next", caseInsensitive: caseInsensitive) }
        var maxPages = SourceRule.defaultMaxPages
        if let value = table["max_pages"] {
            if let number = value.int, (1...SourceRule.pageLimit).contains(number) { maxPages = number } else {
                problems.append(PackProblem(location: "\(at).max_pages", message: "must be a whole number of pages from 1 to \(SourceRule.pageLimit), not \(describe(value))"))
            }
            if table["next"] == nil {
                problems.append(PackProblem(location: "\(at).max_pages", message: "limits the pages a next link leads to, and the source has no next"))
            }
        }
        let nextHosts = table["next_hosts"].map { hostNames($0, at: "\(at).next_hosts") } ?? []
        let time = string(table, "time", at: at).flatMap { compile($0, at: "\(at).time", caseInsensitive: caseInsensitive) }
        guard let url else { return nil }
        checkAddress(url, at: at, fills: "id", what: "a source")
        return SourceRule(name: key, urlTemplate: url, missing: missing ?? [], complete: complete ?? [], next: next, maxPages: maxPages,
                          nextHosts: nextHosts, time: time, archived: bool(table, "archived", at: at) ?? true)
    }

    mutating func readCollection(_ parent: TOMLTable, _ key: String, sources: Set<String>) -> CollectionRule? {
        let at = "collections.\(quoted(key))"
        checkName(key, at: at, what: "collection", dotted: false, reserved: true)
        guard let table = table(parent, key, at: "collections", required: true) else { return nil }
        checkKeys(table, at: at, allowed: ["source", "within", "row", "row_start", "fields", "label", "item", "optional", "present", "absent"])
        if table["optional"] != nil {
            problems.append(PackProblem(location: "\(at).optional", message: "is no longer read: optional made a list empty wherever its section was not found, and could not tell a page that shows no rows from markup that moved. Say what the page shows when the list has none: absent = '<its words or markup for none>' (present = '<the list's own sign, such as its heading>' makes rows expected where it shows); then drop optional"))
        }
        let source = sourceName(table, at: at, sources: sources, required: true)
        let within = narrowings(table, at: at)
        var cuts = [RowCut]()
        let hasRow = table["row"] != nil, hasStart = table["row_start"] != nil
        if hasRow == hasStart {
            problems.append(PackProblem(location: at, message: "needs exactly one of row (each match is a row) or row_start (each match starts a row)"))
        } else {
            let key = hasRow ? "row" : "row_start"
            for pattern in patterns(table, key, at: at, required: true) ?? [] {
                cuts.append(RowCut(pattern: pattern, mode: hasRow ? .match : .start))
            }
        }
        var fields = [FieldRule]()
        if let fieldTable = self.table(table, "fields", at: at, required: true) {
            for fieldKey in order.sorted(fieldTable.keys, under: ["collections", key, "fields"]) {
                if let field = readField(fieldTable, fieldKey, at: "\(at).fields", sources: sources, fixedSource: source) { fields.append(field) }
            }
        }
        guard let source, !cuts.isEmpty else { return nil }
        return CollectionRule(name: key, source: source, within: within ?? [], rowCuts: cuts, fields: fields,
                              label: words(table, "label", at: at), item: words(table, "item", at: at),
                              present: signPatterns(table, "present", at: at, caseInsensitive: caseInsensitive),
                              absent: signPatterns(table, "absent", at: at, caseInsensitive: caseInsensitive))
    }

    /// A field at top level (`fixedSource` nil: each field names its source) or in a
    /// collection (`fixedSource`: the collection's).
}

/// TOML key as it would be written in a path: bare when it can be, quoted otherwise.
func quoted(_ key: String) -> String {
    let bare = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    return bare ? key : "\"\(key)\""
}

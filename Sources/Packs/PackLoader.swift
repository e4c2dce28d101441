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
        checkKeys(root, at: "", allowed: ["site", "limits", "sources", "fields", "collections", "report", "feeds", "archive"])
        guard let site = table(root, "site", at: "", required: true) else { return nil }
        checkKeys(site, at: "site", allowed: ["name", "title", "base_url", "id", "case_sensitive"])
        let name = string(site, "name", at: "site", required: true)
        let baseURL = string(site, "base_url", at: "site", required: true)
        if let baseURL, URL(string: baseURL)?.scheme == nil {
            problems.append(PackProblem(location: "site.base_url", message: "'\(baseURL)' is not an absolute URL (e.g. https://www.example.com)"))
        }
        caseInsensitive = !(bool(site, "case_sensitive", at: "site") ?? false)
        limits = readLimits(root)
        let idRule = string(site, "id", at: "site", required: true).flatMap { pattern -> IDRule? in
            compile(pattern, at: "site.id", caseInsensitive: caseInsensitive).map { IDRule(pattern: pattern, compiled: $0) }
        }

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
        // A report naming a field that failed to load would only repeat that problem.
        let report = problems.isEmpty ? readReport(root, fields: fields, collections: collections)
            : ReportSpec(nameField: nil, summary: [], collection: nil, columns: [], roles: [:])
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
                        sources: sources, fields: fields, collections: collections, limits: limits, report: report, feeds: feeds,
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

    mutating func readFeed(_ parent: TOMLTable, _ key: String) -> FeedSpec? {
        let at = "feeds.\(quoted(key))"
        guard let table = table(parent, key, at: "feeds", required: true) else { return nil }
        checkKeys(table, at: at, allowed: ["title", "url", "categories", "default_category"])
        let url = string(table, "url", at: at, required: true)
        var categories = [FeedSpec.Category]()
        if let value = table["categories"] {
            guard let array = value.array else {
                problems.append(PackProblem(location: "\(at).categories", message: "must be a list of { name = \"...\", id = \"...\" }"))
                return nil
            }
            for (index, item) in array.enumerated() {
                let itemAt = "\(at).categories[\(index + 1)]"
                guard let entry = item.table else {
                    problems.append(PackProblem(location: itemAt, message: "must be an inline table { name = \"...\", id = \"...\" }"))
                    continue
                }
                checkKeys(entry, at: itemAt, allowed: ["name", "id"])
                let id = entry["id"]?.string ?? entry["id"]?.int.map(String.init)
                guard let name = string(entry, "name", at: itemAt, required: true), let id else {
                    if entry["id"] == nil || (entry["id"]?.string == nil && entry["id"]?.int == nil) {
                        problems.append(PackProblem(location: "\(itemAt).id", message: "missing or not a string/integer"))
                    }
                    continue
                }
                categories.append(FeedSpec.Category(name: name, id: id))
            }
        }
        if let url {
            if url.contains("{category}") && categories.isEmpty {
                problems.append(PackProblem(location: "\(at).url", message: "has a {category} placeholder but the feed declares no categories"))
            } else if !url.contains("{category}") && !categories.isEmpty {
                problems.append(PackProblem(location: "\(at).url", message: "declares categories but has no {category} placeholder"))
            }
        }
        let defaultCategory = string(table, "default_category", at: at)
        if let defaultCategory, !categories.contains(where: { $0.name == defaultCategory }) {
            problems.append(PackProblem(location: "\(at).default_category", message: "'\(defaultCategory)' is not one of the feed's categories"))
        }
        guard let url else { return nil }
        return FeedSpec(name: key, title: string(table, "title", at: at) ?? key, urlTemplate: url,
                        categories: categories, defaultCategory: defaultCategory)
    }

    mutating func readReport(_ root: TOMLTable, fields: [FieldRule], collections: [CollectionRule]) -> ReportSpec {
        let fieldNames = fields.map(\.name)
        let hasName = fieldNames.contains("name")
        guard let table = table(root, "report", at: "", required: false) else {
            let first = collections.first
            return ReportSpec(nameField: hasName ? "name" : nil, summary: fieldNames.filter { $0 != "name" }, collection: nil,
                              columns: first?.fields.map(\.name) ?? [], roles: [:])
        }
        checkKeys(table, at: "report", allowed: ["name", "summary", "collection", "columns", "roles"])
        var nameField = hasName ? "name" : nil
        if let named = string(table, "name", at: "report") {
            if fieldNames.contains(named) { nameField = named } else {
                problems.append(PackProblem(location: "report.name", message: "names no field: '\(named)'"))
            }
        }
        let summary = stringList(table, "summary", at: "report", allowedValues: fieldNames, what: "field") ?? fieldNames.filter { $0 != nameField }
        var collection: CollectionRule?
        if let collectionName = string(table, "collection", at: "report") {
            collection = collections.first { $0.name == collectionName }
            if collection == nil {
                problems.append(PackProblem(location: "report.collection", message: "names no collection: '\(collectionName)'; the pack has \(collections.map(\.name).joined(separator: ", "))"))
            }
        }
        let rowFields = collection?.fields.map(\.name) ?? []
        let columns = stringList(table, "columns", at: "report", allowedValues: rowFields, what: "field of the report's collection") ?? rowFields
        var roles = [ReportSpec.Role: String]()
        if let roleTable = self.table(table, "roles", at: "report", required: false) {
            checkKeys(roleTable, at: "report.roles", allowed: Set(ReportSpec.Role.allCases.map(\.rawValue)))
            for role in ReportSpec.Role.allCases {
                guard let field = string(roleTable, role.rawValue, at: "report.roles") else { continue }
                if rowFields.contains(field) { roles[role] = field } else {
                    problems.append(PackProblem(location: "report.roles.\(role.rawValue)", message: "'\(field)' is not a field of the report's collection"))
                }
            }
        }
        return ReportSpec(nameField: nameField, summary: summary, collection: collection?.name, columns: columns, roles: roles)
    }

    mutating func stringList(_ table: TOMLTable, _ key: String, at: String, allowedValues: [String], what: String) -> [String]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "must be a list of strings"))
            return nil
        }
        let items = array.compactMap(\.string)
        for item in items where !allowedValues.contains(item) {
            problems.append(PackProblem(location: "\(at).\(key)", message: "'\(item)' is not a \(what)"))
        }
        return items.filter(allowedValues.contains)
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
        checkKeys(table, at: at, allowed: ["url", "missing", "complete"])
        let url = string(table, "url", at: at, required: true)
        if let url, !url.contains("{id}") {
            problems.append(PackProblem(location: "\(at).url", message: "'\(url)' has no {id} placeholder, so every member would get the same page"))
        }
        let missing = patterns(table, "missing", at: at, required: false)
        let complete = patterns(table, "complete", at: at, required: false)
        guard let url else { return nil }
        return SourceRule(name: key, urlTemplate: url, missing: missing ?? [], complete: complete ?? [])
    }

    mutating func readCollection(_ parent: TOMLTable, _ key: String, sources: Set<String>) -> CollectionRule? {
        let at = "collections.\(quoted(key))"
        checkName(key, at: at, what: "collection", dotted: false, reserved: true)
        guard let table = table(parent, key, at: "collections", required: true) else { return nil }
        checkKeys(table, at: at, allowed: ["source", "within", "row", "row_start", "fields"])
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
        return CollectionRule(name: key, source: source, within: within ?? [], rowCuts: cuts, fields: fields)
    }

    /// A field at top level (`fixedSource` nil: each field names its source) or in a
    /// collection (`fixedSource`: the collection's).
}

/// TOML key as it would be written in a path: bare when it can be, quoted otherwise.
func quoted(_ key: String) -> String {
    let bare = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    return bare ? key : "\"\(key)\""
}

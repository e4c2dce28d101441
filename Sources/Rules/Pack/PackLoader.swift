import Foundation
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
private struct PackReader {
    let engine: any PatternEngine
    let order: DeclarationOrder
    var problems: [PackProblem] = []
    var caseInsensitive = true
    /// Patterns compiled so far, by text and case rule: a pattern written many times
    /// (the same `within` for fourteen fields) is compiled, and searched, once.
    private var compiled: [PatternKey: any CompiledPattern] = [:]
    private var narrowingSlots: [PatternKey: Int] = [:]

    private struct PatternKey: Hashable {
        let text: String
        let caseInsensitive: Bool
    }

    init(engine: any PatternEngine, order: DeclarationOrder) {
        self.engine = engine
        self.order = order
    }

    mutating func read(_ root: TOMLTable, file: String) -> SitePack? {
        checkKeys(root, at: "", allowed: ["site", "limits", "sources", "fields", "collections", "report", "feeds"])
        guard let site = table(root, "site", at: "", required: true) else { return nil }
        checkKeys(site, at: "site", allowed: ["name", "title", "base_url", "id", "case_sensitive"])
        let name = string(site, "name", at: "site", required: true)
        let baseURL = string(site, "base_url", at: "site", required: true)
        if let baseURL, URL(string: baseURL)?.scheme == nil {
            problems.append(PackProblem(location: "site.base_url", message: "'\(baseURL)' is not an absolute URL (e.g. https://www.example.com)"))
        }
        caseInsensitive = !(bool(site, "case_sensitive", at: "site") ?? false)
        let idRule = string(site, "id", at: "site", required: true).flatMap { pattern -> IDRule? in
            compile(pattern, at: "site.id", caseInsensitive: caseInsensitive).map { IDRule(pattern: pattern, compiled: $0) }
        }
        let limits = readLimits(root)

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
        // JSON nests on dots: "a" and "a.b" cannot both be values.
        for field in fields {
            if let inner = fields.first(where: { $0.name.hasPrefix(field.name + ".") }) {
                problems.append(PackProblem(location: "fields.\(quoted(field.name))", message: "is also the start of fields.\(quoted(inner.name)); records could not hold both, rename one"))
            }
        }
        for collection in collections where fields.contains(where: { $0.name == collection.name || $0.name.hasPrefix(collection.name + ".") }) {
            problems.append(PackProblem(location: "collections.\(quoted(collection.name))", message: "has the same name as a field; records could not hold both"))
        }
        // A report naming a field that failed to load would only repeat that problem.
        let report = problems.isEmpty ? readReport(root, fields: fields, collections: collections)
            : ReportSpec(nameField: nil, summary: [], collection: nil, columns: [], roles: [:])
        var feeds = [FeedSpec]()
        if let feedTable = table(root, "feeds", at: "", required: false) {
            for key in feedTable.keys.sorted() {
                if let feed = readFeed(feedTable, key) { feeds.append(feed) }
            }
        }
        guard let name, let baseURL, let idRule else { return nil }
        let title = string(site, "title", at: "site") ?? name
        return SitePack(name: name, title: title, baseURL: baseURL, file: file, idRule: idRule,
                        sources: sources, fields: fields, collections: collections, limits: limits, report: report, feeds: feeds)
    }

    // MARK: Parts

    private mutating func readFeed(_ parent: TOMLTable, _ key: String) -> FeedSpec? {
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

    private mutating func readReport(_ root: TOMLTable, fields: [FieldRule], collections: [CollectionRule]) -> ReportSpec {
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

    private mutating func stringList(_ table: TOMLTable, _ key: String, at: String, allowedValues: [String], what: String) -> [String]? {
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

    private mutating func readLimits(_ root: TOMLTable) -> MatchLimits {
        var limits = MatchLimits.default
        guard let table = table(root, "limits", at: "", required: false) else { return limits }
        checkKeys(table, at: "limits", allowed: ["match_steps", "depth", "heap_kib"])
        if let steps = positive(table, "match_steps", at: "limits") { limits.steps = steps }
        if let depth = positive(table, "depth", at: "limits") { limits.depth = depth }
        if let heap = positive(table, "heap_kib", at: "limits") { limits.heapKiB = heap }
        return limits
    }

    private mutating func readSource(_ parent: TOMLTable, _ key: String) -> SourceRule? {
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

    private mutating func readCollection(_ parent: TOMLTable, _ key: String, sources: Set<String>) -> CollectionRule? {
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
    private mutating func readField(_ parent: TOMLTable, _ key: String, at parentPath: String, sources: Set<String>, fixedSource: String?) -> FieldRule? {
        let at = "\(parentPath).\(quoted(key))"
        guard let table = table(parent, key, at: parentPath, required: true) else { return nil }
        var allowed: Set<String> = ["pattern", "group", "within", "type", "default", "required", "optional", "present", "case_sensitive", "map"]
        if fixedSource == nil { allowed.insert("source") }
        checkKeys(table, at: at, allowed: allowed)
        if key.isEmpty || key.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            problems.append(PackProblem(location: at, message: "a field name needs non-empty parts between dots"))
        } else {
            checkName(key, at: at, what: "field", dotted: true, reserved: fixedSource == nil)
        }

        let before = problems.count
        let fieldSource = fixedSource ?? sourceName(table, at: at, sources: sources, required: false)
        let fieldCaseInsensitive = (bool(table, "case_sensitive", at: at)).map { !$0 } ?? caseInsensitive
        let fieldWithin = narrowings(table, at: at, caseInsensitive: fieldCaseInsensitive) ?? []
        let fieldGroup = table["group"]

        var type = FieldType.text
        if let typeName = string(table, "type", at: at) {
            if let known = FieldType(rawValue: typeName) {
                type = known
            } else {
                problems.append(PackProblem(location: "\(at).type", message: "unknown type '\(typeName)'; use one of \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
        }

        var alternatives = [Alternative]()
        if let value = table["pattern"] {
            let items: [TOMLValueConvertible]
            if let array = value.array { items = Array(array) } else { items = [value] }
            if items.isEmpty { problems.append(PackProblem(location: "\(at).pattern", message: "is an empty list; give at least one pattern")) }
            for (index, item) in items.enumerated() {
                let itemAt = items.count == 1 && value.array == nil ? "\(at).pattern" : "\(at).pattern[\(index + 1)]"
                if let text = item.string {
                    guard let source = fieldSource else {
                        if fixedSource == nil && problems.count == before {
                            problems.append(PackProblem(location: at, message: "names no source; add source = \"<one of \(sources.sorted().joined(separator: ", "))>\""))
                        }
                        continue
                    }
                    if let alternative = alternative(text, source: source, within: fieldWithin, group: fieldGroup, at: itemAt, groupAt: "\(at).group", caseInsensitive: fieldCaseInsensitive) {
                        alternatives.append(alternative)
                    }
                } else if let inline = item.table {
                    var inlineAllowed: Set<String> = ["pattern", "group", "within"]
                    if fixedSource == nil { inlineAllowed.insert("source") }
                    checkKeys(inline, at: itemAt, allowed: inlineAllowed)
                    let source = fixedSource ?? sourceName(inline, at: itemAt, sources: sources, required: false) ?? fieldSource
                    let within = narrowings(inline, at: itemAt, caseInsensitive: fieldCaseInsensitive) ?? fieldWithin
                    guard let text = string(inline, "pattern", at: itemAt, required: true) else { continue }
                    guard let source else {
                        problems.append(PackProblem(location: itemAt, message: "names no source; add source = \"...\" here or on the field"))
                        continue
                    }
                    if let alternative = alternative(text, source: source, within: within, group: inline["group"] ?? fieldGroup, at: "\(itemAt).pattern", groupAt: inline["group"] == nil ? "\(at).group" : "\(itemAt).group", caseInsensitive: fieldCaseInsensitive) {
                        alternatives.append(alternative)
                    }
                } else {
                    problems.append(PackProblem(location: itemAt, message: "must be a pattern string ('...') or an inline table { pattern = '...', ... }, not \(describe(item))"))
                }
            }
        } else {
            problems.append(PackProblem(location: at, message: "has no pattern; add pattern = '<regex with a capture group>'"))
        }

        // Every field is required unless it says it is optional; `required = true` is
        // still read, as older packs wrote it.
        let required = bool(table, "required", at: at) ?? false
        let optional = bool(table, "optional", at: at) ?? false
        if required && optional {
            problems.append(PackProblem(location: at, message: "is both required and optional; drop one"))
        }
        let present = presentPatterns(table, at: at, caseInsensitive: fieldCaseInsensitive)
        var defaultValue: FieldValue?
        if let value = table["default"] {
            defaultValue = convertDefault(value, type: type, at: "\(at).default")
            if required {
                problems.append(PackProblem(location: at, message: "is both required and has a default; a required field must match, so drop one"))
            }
            let narrows = !fieldWithin.isEmpty || alternatives.contains { !$0.within.isEmpty }
            if fixedSource == nil && present.isEmpty && !narrows {
                problems.append(PackProblem(location: "\(at).default", message: "applies only where the page shows the part the field lives in, and this field names none: add present = '<pattern for that part>' (e.g. the table or heading that holds the value) or a within; otherwise a pattern that stops matching would read as the default"))
            }
        }
        var map: [String: String]?
        if let mapValue = table["map"] {
            if let mapTable = mapValue.table {
                var entries = [String: String]()
                for mapKey in mapTable.keys {
                    if let replacement = mapTable[mapKey]?.string {
                        entries[mapKey.lowercased()] = replacement
                    } else {
                        problems.append(PackProblem(location: "\(at).map.\(quoted(mapKey))", message: "must be a string"))
                    }
                }
                map = entries
            } else {
                problems.append(PackProblem(location: "\(at).map", message: "must be a table of captured text = replacement, e.g. map = { AR = \"article\" }"))
            }
        }
        guard problems.count == before else { return nil }
        return FieldRule(name: key, type: type, alternatives: alternatives, defaultValue: defaultValue, optional: optional,
                         present: present, map: map)
    }

    private mutating func alternative(_ text: String, source: String, within: [Narrowing], group: TOMLValueConvertible?, at: String, groupAt: String, caseInsensitive: Bool) -> Alternative? {
        guard let compiled = compile(text, at: at, caseInsensitive: caseInsensitive) else { return nil }
        var number = compiled.captureCount > 0 ? 1 : 0
        if let group {
            if let index = group.int {
                guard index >= 0, index <= compiled.captureCount else {
                    problems.append(PackProblem(location: groupAt, message: "group \(index) is not in \(at), which has \(compiled.captureCount) capture group\(compiled.captureCount == 1 ? "" : "s")"))
                    return nil
                }
                number = index
            } else if let name = group.string {
                guard let index = compiled.groupNumber(named: name) else {
                    problems.append(PackProblem(location: groupAt, message: "group '\(name)' is not in \(at); name it with (?<\(name)>...)"))
                    return nil
                }
                number = index
            } else {
                problems.append(PackProblem(location: groupAt, message: "must be a group number or name, not \(describe(group))"))
                return nil
            }
        } else if compiled.captureCount == 0 {
            problems.append(PackProblem(location: at, message: "has no capture group; wrap the value in ( ) or set group = 0 to take the whole match"))
            return nil
        }
        return Alternative(source: source, within: within, pattern: compiled, group: number)
    }

    private mutating func convertDefault(_ value: TOMLValueConvertible, type: FieldType, at: String) -> FieldValue? {
        switch type {
        case .int:
            if let int = value.int { return .int(int) }
        case .decimal:
            if let int = value.int { return .decimal(Decimal(int)) }
            if let double = value.double, let decimal = Decimal(string: String(double)) { return .decimal(decimal) }
        case .date:
            if let text = value.string {
                if let date = DateText.parse(text) { return .date(date) }
            }
        case .text, .string, .url:
            if let text = value.string { return .text(text) }
        }
        problems.append(PackProblem(location: at, message: "\(describe(value)) does not fit type \(type.rawValue)"))
        return nil
    }

    // MARK: Typed access, recording what is wrong

    private mutating func compile(_ pattern: String, at: String, caseInsensitive: Bool) -> (any CompiledPattern)? {
        let key = PatternKey(text: pattern, caseInsensitive: caseInsensitive)
        if let known = compiled[key] { return known }
        do {
            let pattern = try engine.compile(pattern, options: PatternOptions(caseInsensitive: caseInsensitive))
            compiled[key] = pattern
            return pattern
        } catch {
            problems.append(PackProblem(location: at, message: "bad regex at offset \(error.offset): \(error.message)\n      \(pattern)\n      \(String(repeating: " ", count: min(error.offset, pattern.count)))^"))
            return nil
        }
    }

    private mutating func patterns(_ table: TOMLTable, _ key: String, at: String, required: Bool) -> [any CompiledPattern]? {
        guard let value = table[key] else {
            if required { problems.append(PackProblem(location: at, message: "missing \(key)")) }
            return nil
        }
        let texts: [String]?
        if let text = value.string { texts = [text] } else { texts = value.array.map { $0.compactMap(\.string) } }
        guard let texts, texts.count == (value.array?.count ?? 1), !texts.isEmpty else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "must be a pattern string or a non-empty list of them"))
            return nil
        }
        var compiled = [any CompiledPattern]()
        for (index, text) in texts.enumerated() {
            let where_ = texts.count == 1 && value.array == nil ? "\(at).\(key)" : "\(at).\(key)[\(index + 1)]"
            if let pattern = compile(text, at: where_, caseInsensitive: caseInsensitive) { compiled.append(pattern) }
        }
        return compiled
    }

    private mutating func presentPatterns(_ table: TOMLTable, at: String, caseInsensitive: Bool) -> [any CompiledPattern] {
        let saved = self.caseInsensitive
        self.caseInsensitive = caseInsensitive
        defer { self.caseInsensitive = saved }
        return patterns(table, "present", at: at, required: false) ?? []
    }

    private mutating func narrowings(_ table: TOMLTable, at: String, caseInsensitive: Bool? = nil) -> [Narrowing]? {
        let saved = self.caseInsensitive
        if let caseInsensitive { self.caseInsensitive = caseInsensitive }
        defer { self.caseInsensitive = saved }
        guard let patterns = patterns(table, "within", at: at, required: false) else { return nil }
        return patterns.map { pattern in
            let key = PatternKey(text: pattern.pattern, caseInsensitive: self.caseInsensitive)
            let slot = narrowingSlots[key] ?? narrowingSlots.count
            narrowingSlots[key] = slot
            return Narrowing(pattern: pattern, slot: slot)
        }
    }

    private mutating func sourceName(_ table: TOMLTable, at: String, sources: Set<String>, required: Bool) -> String? {
        guard let name = string(table, "source", at: at, required: required) else { return nil }
        guard sources.contains(name) else {
            problems.append(PackProblem(location: "\(at).source", message: "unknown source '\(name)'; the pack declares \(sources.sorted().joined(separator: ", "))"))
            return nil
        }
        return name
    }

    /// The record's own keys: a pack field of these names would overwrite or hide them.
    static let reservedNames: Set<String> = ["schema", "id", "site", "fetched_at", "sources", "stats", "changes", "errors", "error"]

    /// Names are identifiers (letters, digits, `_`, `-`; dots between parts of a field),
    /// so none can reach outside a directory as a file name or shadow the record's keys.
    private mutating func checkName(_ name: String, at: String, what: String, dotted: Bool, reserved: Bool) {
        let parts = dotted ? name.split(separator: ".").map(String.init) : [name]
        let valid = parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        }
        if !valid {
            problems.append(PackProblem(location: at, message: "'\(name)' is not a usable \(what) name: use letters, digits, _ and -, starting with a letter\(dotted ? " (dots between parts)" : "")"))
        } else if reserved, let first = parts.first, Self.reservedNames.contains(first) {
            problems.append(PackProblem(location: at, message: "'\(name)' is one of the record's own keys (\(Self.reservedNames.sorted().joined(separator: ", "))); name the \(what) something else"))
        }
    }

    private mutating func checkKeys(_ table: TOMLTable, at: String, allowed: Set<String>) {
        for key in table.keys where !allowed.contains(key) {
            let place = at.isEmpty ? quoted(key) : "\(at).\(quoted(key))"
            problems.append(PackProblem(location: place, message: "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))"))
        }
    }

    private mutating func table(_ parent: TOMLTable, _ key: String, at: String, required: Bool) -> TOMLTable? {
        let place = at.isEmpty ? quoted(key) : "\(at).\(quoted(key))"
        guard let value = parent[key] else {
            if required { problems.append(PackProblem(location: place, message: "missing; add a [\(place)] table")) }
            return nil
        }
        guard let table = value.table else {
            problems.append(PackProblem(location: place, message: "must be a table, not \(describe(value))"))
            return nil
        }
        return table
    }

    private mutating func string(_ table: TOMLTable, _ key: String, at: String, required: Bool = false) -> String? {
        guard let value = table[key] else {
            if required { problems.append(PackProblem(location: at, message: "missing \(key)")) }
            return nil
        }
        guard let text = value.string else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "must be a string, not \(describe(value))"))
            return nil
        }
        return text
    }

    private mutating func bool(_ table: TOMLTable, _ key: String, at: String) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "must be true or false, not \(describe(value))"))
            return nil
        }
        return flag
    }

    private mutating func positive(_ table: TOMLTable, _ key: String, at: String) -> UInt32? {
        guard let value = table[key] else { return nil }
        guard let number = value.int, number > 0, number <= Int(UInt32.max) else {
            let range = "an integer from 1 to \(UInt32.max)"
            problems.append(PackProblem(location: "\(at).\(key)", message: value.int == nil ? "must be \(range), not \(describe(value))"
                                        : "must be \(range); \(value.int ?? 0) is out of range"))
            return nil
        }
        return UInt32(number)
    }

    private func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "the string \"\(value.string ?? "")\""
        case .int: return "the integer \(value.int ?? 0)"
        case .double: return "the number \(value.double ?? 0)"
        case .bool: return value.bool == true ? "true" : "false"
        case .array: return "a list"
        case .table: return "a table"
        default: return "a \(value.type)"
        }
    }
}

/// TOML key as it would be written in a path: bare when it can be, quoted otherwise.
func quoted(_ key: String) -> String {
    let bare = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    return bare ? key : "\"\(key)\""
}

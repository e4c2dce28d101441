import Foundation
import Matching
import PageText
import TOMLKit

/// A pack's fields: their patterns, defaults and the parts they live in.
extension PackReader {
    mutating func readField(_ parent: TOMLTable, _ key: String, at parentPath: String, sources: Set<String>, fixedSource: String?) -> FieldRule? {
        let at = "\(parentPath).\(quoted(key))"
        guard let table = table(parent, key, at: parentPath, required: true) else { return nil }
        var allowed: Set<String> = ["pattern", "group", "within", "type", "default", "required", "optional", "present", "absent", "case_sensitive",
                                    "map", "label", "min", "max", "century", "changes"]
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

        let type = readType(table, at: at)
        let context = FieldContext(at: at, source: fieldSource, fixedSource: fixedSource, sources: sources,
                                   caseInsensitive: fieldCaseInsensitive, within: fieldWithin, group: fieldGroup, problemsBefore: before)
        let alternatives = readAlternatives(table, context)

        // Every field is expected: absent only where the page says so (`absent`, or its
        // part without its `present` sign); `required = true` is still read, as older
        // packs wrote it, and means that too.
        let required = bool(table, "required", at: at) ?? false
        let present = signPatterns(table, "present", at: at, caseInsensitive: fieldCaseInsensitive)
        let absent = signPatterns(table, "absent", at: at, caseInsensitive: fieldCaseInsensitive)
        // A part the field lives in that the page may show without the value: a row, or a `within`.
        let hasPart = fixedSource != nil || !fieldWithin.isEmpty || alternatives.contains { !$0.within.isEmpty }
        if table["optional"] != nil {
            problems.append(PackProblem(location: "\(at).optional", message: PackReader.optionalIsGone(part: hasPart ? "its part" : "a within (the part that holds the value)")))
        }
        if required && !absent.isEmpty {
            problems.append(PackProblem(location: at, message: "is both required and says when it is absent; drop one"))
        }
        var defaultValue: FieldValue?
        if let value = table["default"] {
            defaultValue = convertDefault(value, type: type, at: "\(at).default")
            if required {
                problems.append(PackProblem(location: at, message: "is both required and has a default; a required field must match, so drop one"))
            }
            if absent.isEmpty && (present.isEmpty || !hasPart) {
                problems.append(PackProblem(location: "\(at).default", message: "applies only where the page shows that there is none, and this field says nowhere: add absent = '<the page's words or markup for none>', or present = '<the value's own sign, such as its label>' with \(hasPart ? "its part" : "a within (the part, such as the table, that lists what the member has)"); a value the page shows and the pattern cannot read is then a problem, never the default"))
            }
        }
        let map = readMap(table, at: at)
        let label = words(table, "label", at: at)
        let bounds = readBounds(table, at: at)
        if !bounds.isEmpty && !type.isNumber {
            problems.append(PackProblem(location: "\(at).\(table["min"] != nil ? "min" : "max")", message: "applies to numbers (type int or decimal), not \(type.rawValue)"))
        }
        let century = readCentury(table, at: at, type: type)
        guard problems.count == before else { return nil }
        return FieldRule(name: key, type: type, alternatives: alternatives, defaultValue: defaultValue,
                         present: present, absent: absent, map: map, label: label, bounds: bounds, century: century,
                         reportsChanges: bool(table, "changes", at: at) ?? true)
    }

    /// What a field's alternatives share: where it sits, its source, case rule, `within` and group.
    struct FieldContext {
        let at: String
        let source: String?
        let fixedSource: String?
        let sources: Set<String>
        let caseInsensitive: Bool
        let within: [Narrowing]
        let group: TOMLValueConvertible?
        /// How many problems there were before the field: whether "names no source" is news.
        let problemsBefore: Int
    }

    /// `century = 2000`: the century of a date field's two-digit years ("Oct 10, 21").
    private mutating func readCentury(_ table: TOMLTable, at: String, type: FieldType) -> Int? {
        guard let value = table["century"] else { return nil }
        guard type.isDated else {
            problems.append(PackProblem(location: "\(at).century", message: "applies to dates (type date), not \(type.rawValue)"))
            return nil
        }
        guard let century = value.int, century % 100 == 0, (1000...2900).contains(century) else {
            problems.append(PackProblem(location: "\(at).century", message: "must be a year ending in 00 from 1000 to 2900 (2000: \"21\" is 2021), not \(describe(value))"))
            return nil
        }
        return century
    }

    mutating func readType(_ table: TOMLTable, at: String) -> FieldType {
        guard let typeName = string(table, "type", at: at) else { return .text }
        guard let known = FieldType(rawValue: typeName) else {
            problems.append(PackProblem(location: "\(at).type", message: "unknown type '\(typeName)'; use one of \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))"))
            return .text
        }
        return known
    }

    /// `pattern`: one string, or a list of strings and inline tables `{ pattern, source, group, within }`.
    mutating func readAlternatives(_ table: TOMLTable, _ field: FieldContext) -> [Alternative] {
        let at = field.at
        guard let value = table["pattern"] else {
            problems.append(PackProblem(location: at, message: "has no pattern; add pattern = '<regex with a capture group>'"))
            return []
        }
        let items: [TOMLValueConvertible] = value.array.map { Array($0) } ?? [value]
        if items.isEmpty { problems.append(PackProblem(location: "\(at).pattern", message: "is an empty list; give at least one pattern")) }
        var alternatives = [Alternative]()
        for (index, item) in items.enumerated() {
            let itemAt = items.count == 1 && value.array == nil ? "\(at).pattern" : "\(at).pattern[\(index + 1)]"
            if let text = item.string {
                guard let source = field.source else {
                    if field.fixedSource == nil && problems.count == field.problemsBefore {
                        problems.append(PackProblem(location: at, message: "names no source; add source = \"<one of \(field.sources.sorted().joined(separator: ", "))>\""))
                    }
                    continue
                }
                if let alternative = alternative(text, source: source, within: field.within, group: field.group, at: itemAt,
                                                 groupAt: "\(at).group", caseInsensitive: field.caseInsensitive) {
                    alternatives.append(alternative)
                }
            } else if let inline = item.table {
                if let alternative = inlineAlternative(inline, at: itemAt, field) { alternatives.append(alternative) }
            } else {
                problems.append(PackProblem(location: itemAt, message: "must be a pattern string ('...') or an inline table { pattern = '...', ... }, not \(describe(item))"))
            }
        }
        return alternatives
    }

    /// `{ pattern = '...', source = '...', group = ..., within = '...' }`: another page or narrowing.
    private mutating func inlineAlternative(_ inline: TOMLTable, at itemAt: String, _ field: FieldContext) -> Alternative? {
        var inlineAllowed: Set<String> = ["pattern", "group", "within"]
        if field.fixedSource == nil { inlineAllowed.insert("source") }
        checkKeys(inline, at: itemAt, allowed: inlineAllowed)
        let source = field.fixedSource ?? sourceName(inline, at: itemAt, sources: field.sources, required: false) ?? field.source
        let within = narrowings(inline, at: itemAt, caseInsensitive: field.caseInsensitive) ?? field.within
        guard let text = string(inline, "pattern", at: itemAt, required: true) else { return nil }
        guard let source else {
            problems.append(PackProblem(location: itemAt, message: "names no source; add source = \"...\" here or on the field"))
            return nil
        }
        return alternative(text, source: source, within: within, group: inline["group"] ?? field.group, at: "\(itemAt).pattern",
                           groupAt: inline["group"] == nil ? "\(field.at).group" : "\(itemAt).group", caseInsensitive: field.caseInsensitive)
    }

    /// `map = { AR = "article" }`: captured text (any case) → replacement.
    mutating func readMap(_ table: TOMLTable, at: String) -> [String: String]? {
        guard let mapValue = table["map"] else { return nil }
        guard let mapTable = mapValue.table else {
            problems.append(PackProblem(location: "\(at).map", message: "must be a table of captured text = replacement, e.g. map = { AR = \"article\" }"))
            return nil
        }
        var entries = [String: String]()
        for mapKey in mapTable.keys {
            if let replacement = mapTable[mapKey]?.string {
                entries[mapKey.lowercased()] = replacement
            } else {
                problems.append(PackProblem(location: "\(at).map.\(quoted(mapKey))", message: "must be a string"))
            }
        }
        return entries
    }

    mutating func alternative(_ text: String, source: String, within: [Narrowing], group: TOMLValueConvertible?, at: String, groupAt: String, caseInsensitive: Bool) -> Alternative? {
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
        var forMember: (@Sendable (String) -> (any CompiledPattern)?)?
        if text.contains("{id}") {
            let engine = self.engine, options = PatternOptions(caseInsensitive: caseInsensitive, limits: limits)
            forMember = { id in try? engine.compile(text.replacingOccurrences(of: "{id}", with: Alternative.literal(id)), options: options) }
        }
        return Alternative(source: source, within: within, pattern: compiled, group: number, forMember: forMember)
    }

    mutating func convertDefault(_ value: TOMLValueConvertible, type: FieldType, at: String) -> FieldValue? {
        let setting: SettingValue? = value.int.map(SettingValue.int) ?? value.double.map(SettingValue.double) ?? value.string.map(SettingValue.string)
        if let setting, let converted = type.kind.value(ofSetting: setting) { return converted }
        problems.append(PackProblem(location: at, message: "\(describe(value)) does not fit type \(type.rawValue)"))
        return nil
    }

    /// What a pack that still says `optional` is told: what the key did, why it is
    /// gone, and what to write instead.
    static func optionalIsGone(part: String) -> String {
        "is no longer read: optional made a value absent wherever its pattern missed, and could not tell a page that shows none from markup that moved. Say what the page shows when there is none: absent = '<its words or markup for none>', or present = '<the value's own sign>' with \(part) (where the part is shown without it, the value is absent); then drop optional"
    }
}

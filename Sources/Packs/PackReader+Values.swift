import Foundation
import Matching
import TOMLKit

/// Typed access to a pack's TOML, recording what is wrong where.
extension PackReader {
    // MARK: Typed access, recording what is wrong

    mutating func compile(_ pattern: String, at: String, caseInsensitive: Bool) -> (any CompiledPattern)? {
        let key = PatternKey(text: pattern, caseInsensitive: caseInsensitive)
        if let known = compiled[key] { return known }
        do {
            let pattern = try engine.compile(pattern, options: PatternOptions(caseInsensitive: caseInsensitive, limits: limits))
            compiled[key] = pattern
            return pattern
        } catch {
            problems.append(PackProblem(location: at, message: "bad regex at offset \(error.offset): \(error.message)\n      \(pattern)\n      \(String(repeating: " ", count: min(error.offset, pattern.count)))^"))
            return nil
        }
    }

    mutating func patterns(_ table: TOMLTable, _ key: String, at: String, required: Bool) -> [any CompiledPattern]? {
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

    /// A field's or a list's signs on the page (`present`, `absent`), matched as its patterns are.
    mutating func signPatterns(_ table: TOMLTable, _ key: String, at: String, caseInsensitive: Bool) -> [any CompiledPattern] {
        let saved = self.caseInsensitive
        self.caseInsensitive = caseInsensitive
        defer { self.caseInsensitive = saved }
        return patterns(table, key, at: at, required: false) ?? []
    }

    mutating func narrowings(_ table: TOMLTable, at: String, caseInsensitive: Bool? = nil) -> [Narrowing]? {
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

    mutating func sourceName(_ table: TOMLTable, at: String, sources: Set<String>, required: Bool) -> String? {
        guard let name = string(table, "source", at: at, required: required) else { return nil }
        guard sources.contains(name) else {
            problems.append(PackProblem(location: "\(at).source", message: "unknown source '\(name)'; the pack declares \(sources.sorted().joined(separator: ", "))"))
            return nil
        }
        return name
    }

    /// Names are identifiers (letters, digits, `_`, `-`; dots between parts of a field),
    /// so none can reach outside a directory as a file name or shadow the record's keys.
    /// A site's name may begin with a digit (`9gag`); the rest start with a letter or `_`.
    mutating func checkName(_ name: String, at: String, what: String, dotted: Bool, reserved: Bool, startsWithLetter: Bool = true) {
        if let message = PackName.problem(with: name, what: what, dotted: dotted, reserved: reserved, startsWithLetter: startsWithLetter) {
            problems.append(PackProblem(location: at, message: message))
        }
    }

    mutating func checkKeys(_ table: TOMLTable, at: String, allowed: Set<String>) {
        for key in table.keys where !allowed.contains(key) {
            let place = at.isEmpty ? quoted(key) : "\(at).\(quoted(key))"
            problems.append(PackProblem(location: place, message: "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))"))
        }
    }

    mutating func table(_ parent: TOMLTable, _ key: String, at: String, required: Bool) -> TOMLTable? {
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

    mutating func string(_ table: TOMLTable, _ key: String, at: String, required: Bool = false) -> String? {
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

    /// Words people read (a `label`, an `item`): a string with something in it, since a
    /// blank one would head a column or a section with nothing.
    mutating func words(_ table: TOMLTable, _ key: String, at: String) -> String? {
        guard let text = string(table, key, at: at) else { return nil }
        guard !text.allSatisfy(\.isWhitespace) else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "is blank; leave it out to show the name, or give the words people read"))
            return nil
        }
        return text
    }

    mutating func bool(_ table: TOMLTable, _ key: String, at: String) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "must be true or false, not \(describe(value))"))
            return nil
        }
        return flag
    }

    mutating func positive(_ table: TOMLTable, _ key: String, at: String) -> UInt32? {
        guard let value = table[key] else { return nil }
        guard let number = value.int, number > 0, number <= Int(UInt32.max) else {
            let range = "an integer from 1 to \(UInt32.max)"
            problems.append(PackProblem(location: "\(at).\(key)", message: value.int == nil ? "must be \(range), not \(describe(value))"
                                        : "must be \(range); \(value.int ?? 0) is out of range"))
            return nil
        }
        return UInt32(number)
    }

    func describe(_ value: TOMLValueConvertible) -> String {
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

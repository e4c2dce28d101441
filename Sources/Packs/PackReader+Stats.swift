import Foundation
import TOMLKit

/// The `[stats.<name>]` tables: figures computed from a member's rows.
extension PackReader {
    static let statKeys: Set<String> = ["op", "of", "label", "weight", "by", "places", "default", "formula", "when", "min", "max"]
    /// Under `stats`, this name is the list of sums that did not fit.
    static let reservedStatNames: Set<String> = ["saturated"]

    mutating func readStats(_ root: TOMLTable, fields: [FieldRule], collections: [CollectionRule]) -> [StatRule] {
        guard let table = table(root, "stats", at: "", required: false) else { return [] }
        var stats = [StatRule]()
        for name in order.sorted(table.keys, under: ["stats"]) {
            let at = "stats.\(quoted(name))"
            checkName(name, at: at, what: "statistic", dotted: true, reserved: false)
            if let first = name.split(separator: ".").first, Self.reservedStatNames.contains(String(first)) {
                problems.append(PackProblem(location: at, message: "'\(name)' is the record's list of sums that did not fit (stats.saturated); name the statistic something else"))
            }
            guard let entry = self.table(table, name, at: "stats", required: true) else { continue }
            checkKeys(entry, at: at, allowed: Self.statKeys)
            if let stat = readStat(entry, name: name, at: at, fields: fields, collections: collections, before: stats) { stats.append(stat) }
        }
        for stat in stats where stats.contains(where: { $0.name.hasPrefix(stat.name + ".") }) {
            problems.append(PackProblem(location: "stats.\(quoted(stat.name))", message: "is also the start of another statistic's name; records could not hold both, rename one"))
        }
        return stats
    }

    private mutating func readStat(_ table: TOMLTable, name: String, at: String, fields: [FieldRule], collections: [CollectionRule],
                                   before: [StatRule]) -> StatRule? {
        let known = StatRule.Operation.allCases.map(\.rawValue).joined(separator: ", ")
        guard let opName = string(table, "op", at: at, required: true) else { return nil }
        guard let operation = StatRule.Operation(rawValue: opName) else {
            problems.append(PackProblem(location: "\(at).op", message: "unknown operation '\(opName)'; use one of \(known)"))
            return nil
        }
        let label = words(table, "label", at: at)
        let bounds = readBounds(table, at: at)
        let placesValue = table["places"].map { _ in readPlaces(table, at: at) } ?? nil
        if operation == .formula {
            for key in ["of", "weight", "by", "default"] where table[key] != nil {
                problems.append(PackProblem(location: "\(at).\(key)", message: "does not apply to a formula; it reads what its formula names"))
            }
            guard let text = string(table, "formula", at: at, required: true) else { return nil }
            let formula = parsed(text, at: "\(at).formula", fields: fields, before: before, FormulaParser.formula, names: \.names)
            let condition = string(table, "when", at: at).flatMap {
                parsed($0, at: "\(at).when", fields: fields, before: before, FormulaParser.condition, names: \.names)
            }
            guard let formula else { return nil }
            return StatRule(name: name, operation: .formula, collection: nil, fields: [], places: placesValue, label: label,
                            formula: formula, condition: condition, bounds: bounds)
        }
        for key in ["formula", "when"] where table[key] != nil {
            problems.append(PackProblem(location: "\(at).\(key)", message: "applies only to op = \"formula\""))
        }
        guard let of = readOf(table, at: at, operation: operation, collections: collections) else { return nil }
        let collection = of.collection
        let weight = string(table, "weight", at: at).flatMap { rowField($0, at: "\(at).weight", in: collection, numeric: true) }
        let by = string(table, "by", at: at).flatMap { rowField($0, at: "\(at).by", in: collection, numeric: true, dates: true) }
        if weight != nil && operation != .mean {
            problems.append(PackProblem(location: "\(at).weight", message: "applies only to op = \"mean\""))
        }
        if operation == .top && by == nil && table["by"] == nil {
            problems.append(PackProblem(location: at, message: "a top needs by = \"\(collection.name).<field>\": the field whose largest value picks the row"))
        } else if operation != .top && table["by"] != nil {
            problems.append(PackProblem(location: "\(at).by", message: "applies only to op = \"top\""))
        }
        if placesValue != nil && operation != .mean {
            problems.append(PackProblem(location: "\(at).places", message: "applies to a mean or a formula, whose values have as many places as the division gives"))
        }
        let types = of.fields.compactMap { collection.field(named: $0)?.type }
        var defaultValue: FieldValue?
        if let value = table["default"] {
            if operation == .count {
                problems.append(PackProblem(location: "\(at).default", message: "a count is never unknown (no rows is 0), so it takes no default"))
            } else if operation == .top || operation == .distinct || types.count != 1 {
                problems.append(PackProblem(location: "\(at).default", message: "applies to a sum, mean, min or max"))
            } else {
                defaultValue = convertDefault(value, type: operation == .mean ? .decimal : types[0], at: "\(at).default")
            }
        }
        return StatRule(name: name, operation: operation, collection: collection.name, fields: of.fields, fieldsAsObject: of.isList,
                        weight: weight, by: by, places: placesValue, label: label, defaultValue: defaultValue, bounds: bounds)
    }

    /// `of`: `"<collection>"`, `"<collection>.<field>"`, or (a top) a list of such fields.
    private mutating func readOf(_ table: TOMLTable, at: String, operation: StatRule.Operation,
                                 collections: [CollectionRule]) -> (collection: CollectionRule, fields: [String], isList: Bool)? {
        guard let value = table["of"] else {
            problems.append(PackProblem(location: at, message: "missing of; name what it is computed over: of = \"<collection>.<field>\""))
            return nil
        }
        let isList = value.array != nil
        let texts = value.string.map { [$0] } ?? value.array?.compactMap(\.string) ?? []
        guard !texts.isEmpty, texts.count == (value.array?.count ?? 1) else {
            problems.append(PackProblem(location: "\(at).of", message: "must be \"<collection>.<field>\"\(operation == .top ? " or a list of them" : "")"))
            return nil
        }
        if isList && operation != .top {
            problems.append(PackProblem(location: "\(at).of", message: "a list of fields applies only to a top; name one field"))
            return nil
        }
        var collection: CollectionRule?
        var fields = [String]()
        for text in texts {
            let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
            guard let named = collections.first(where: { $0.name == parts[0] }) else {
                problems.append(PackProblem(location: "\(at).of", message: "'\(text)' names no collection; the pack has \(collections.map(\.name).joined(separator: ", "))"))
                return nil
            }
            if let collection, collection.name != named.name {
                problems.append(PackProblem(location: "\(at).of", message: "names two collections; a statistic reads one"))
                return nil
            }
            collection = named
            if parts.count == 2 {
                guard let field = rowField(text, at: "\(at).of", in: named, numeric: [.sum, .mean].contains(operation),
                                           dates: [.min, .max].contains(operation) || operation == .top) else { return nil }
                fields.append(field)
            } else if operation != .count {
                problems.append(PackProblem(location: "\(at).of", message: "'\(text)' is a collection; \(operation.rawValue) needs one of its fields: \"\(text).<field>\""))
                return nil
            }
        }
        guard let collection else { return nil }
        if [.min, .max].contains(operation), let field = fields.first, collection.field(named: field)?.type.isOrdered == false {
            problems.append(PackProblem(location: "\(at).of", message: "'\(field)' is text; \(operation.rawValue) needs numbers or dates"))
            return nil
        }
        return (collection, fields, isList)
    }

    /// A row field of `collection`, written `<collection>.<field>`.
    private mutating func rowField(_ text: String, at: String, in collection: CollectionRule, numeric: Bool, dates: Bool = false) -> String? {
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == collection.name else {
            problems.append(PackProblem(location: at, message: "'\(text)' must be a field of \(collection.name), written \"\(collection.name).<field>\""))
            return nil
        }
        guard let field = collection.field(named: parts[1]) else {
            problems.append(PackProblem(location: at, message: "\(collection.name) has no field '\(parts[1])'; it has \(collection.fields.map(\.name).joined(separator: ", "))"))
            return nil
        }
        if numeric && !field.type.isNumber && !(dates && field.type.isDated) {
            problems.append(PackProblem(location: at, message: "'\(text)' is of type \(field.type.rawValue); this needs \(dates ? "numbers or dates" : "numbers") (int or decimal)"))
            return nil
        }
        return field.name
    }

    private mutating func readPlaces(_ table: TOMLTable, at: String) -> Int? {
        guard let value = table["places"], let places = value.int, (0...10).contains(places) else {
            problems.append(PackProblem(location: "\(at).places", message: "must be a whole number of decimal places from 0 to 10"))
            return nil
        }
        return places
    }

    /// `min` and `max`: numbers.
    mutating func readBounds(_ table: TOMLTable, at: String) -> ValueBounds {
        var found = [String: Decimal]()
        for key in ["min", "max"] {
            guard let value = table[key] else { continue }
            let number = value.int.map { Decimal($0) } ?? value.double.flatMap { $0.isFinite ? Decimal(string: String($0)) : nil }
            guard let number else {
                problems.append(PackProblem(location: "\(at).\(key)", message: "must be a number, not \(describe(value))"))
                continue
            }
            found[key] = number
        }
        if let low = found["min"], let high = found["max"], low > high {
            problems.append(PackProblem(location: "\(at).min", message: "\(low) is above max \(high)"))
        }
        return ValueBounds(minimum: found["min"], maximum: found["max"])
    }

    /// A formula's or a condition's text read (`parse`), with the names it reads checked.
    private mutating func parsed<Parsed>(_ text: String, at: String, fields: [FieldRule], before: [StatRule],
                                         _ parse: (String) -> Result<Parsed, FormulaError>, names: (Parsed) -> [String]) -> Parsed? {
        switch parse(text) {
        case .failure(let error):
            problems.append(PackProblem(location: at, message: "\(error.message) at offset \(error.offset)\n      \(text)\n      \(String(repeating: " ", count: min(error.offset, text.count)))^"))
            return nil
        case .success(let value):
            return checkNames(names(value), at: at, fields: fields, before: before) ? value : nil
        }
    }

    /// A formula reads statistics declared above it (`stats.<name>`) and number fields.
    private mutating func checkNames(_ names: [String], at: String, fields: [FieldRule], before: [StatRule]) -> Bool {
        var valid = true
        for name in names {
            if name.hasPrefix("stats.") {
                let stat = String(name.dropFirst("stats.".count))
                if !before.contains(where: { $0.name == stat && !$0.fieldsAsObject }) {
                    problems.append(PackProblem(location: at, message: "'\(name)' is not a statistic declared above this one; a formula reads the statistics before it"))
                    valid = false
                }
            } else if let field = fields.first(where: { $0.name == name }) {
                if !field.type.isNumber {
                    problems.append(PackProblem(location: at, message: "'\(name)' is of type \(field.type.rawValue); a formula reads numbers"))
                    valid = false
                }
            } else {
                problems.append(PackProblem(location: at, message: "'\(name)' is neither a statistic (stats.<name>) nor a field of the pack"))
                valid = false
            }
        }
        return valid
    }
}

import Foundation

/// Runs a pack over saved pages and compares what it finds with each member's
/// expected record: what `cpvanity patterns check` reports.
public struct PackCheck: Sendable {
    public enum Cell: Sendable, Equatable {
        /// Equal to the expected value (null included).
        case matched
        /// The expected value is there, the pack found nothing.
        case missing
        /// The pack found something else.
        case mismatched
        /// No expected record: the pack found a value.
        case found
        /// No expected record: the pack found nothing.
        case empty
        /// The field's source pages are not among this member's fixtures (or say not found).
        case notApplicable
    }

    public struct Difference: Sendable, Equatable {
        public let member: String
        /// `name`, `articles[3].views`, `articles[]` (row count), `errors`.
        public let field: String
        public let expected: String
        public let actual: String
    }

    /// Rows in pack order: scalar fields, then `collection[].field`, then `errors`.
    public let rowLabels: [String]
    public let members: [String]
    /// `cells[row][member]`.
    public let cells: [[Cell]]
    public let differences: [Difference]

    public var passed: Bool {
        !cells.joined().contains { $0 == .missing || $0 == .mismatched }
    }

    public init(pack: SitePack, fixtures: FixtureSet, baseURL: String? = nil) throws {
        let extractor = Extractor(pack: pack, baseURL: baseURL)
        var labels = pack.fields.map(\.name)
        for collection in pack.collections {
            labels.append("\(collection.name)[]")
            labels += collection.fields.map { "\(collection.name)[].\($0.name)" }
        }
        labels.append("errors")
        var columns = [[Cell]]()
        var differences = [Difference]()
        for member in fixtures.members {
            var pages = [Page]()
            for (source, path) in member.pages.sorted(by: { $0.key < $1.key }) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw PackLookupError.unreadable(file: path, reason: "cannot read the file")
                }
                pages.append(Page(source: source, bytes: [UInt8](data), origin: path))
            }
            let record = extractor.extract(pages)
            var comparison = MemberComparison(member: member.id, pack: pack, record: record)
            if let expectedFile = member.expectedFile {
                try comparison.compare(against: ExpectedRecord(file: expectedFile))
            } else {
                comparison.describeWithoutExpectation()
            }
            columns.append(labels.map { comparison.cells[$0] ?? .notApplicable })
            differences += comparison.differences
        }
        rowLabels = labels
        members = fixtures.members.map(\.id)
        cells = labels.indices.map { row in columns.map { $0[row] } }
        self.differences = differences
    }
}

/// The JSON a fixture's record should produce, as `extract` would print it.
struct ExpectedRecord {
    let root: [String: Any]

    init(file: String) throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw PackLookupError.unreadable(file: file, reason: "cannot read the file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any] else {
            throw PackLookupError.unreadable(file: file, reason: "not a JSON object")
        }
        root = object
    }

    /// The value at a dotted path; `.some(nil)` for an explicit null, nil when absent.
    func value(at path: String, in object: [String: Any]? = nil) -> Any?? {
        var current: Any = object ?? root
        for part in path.split(separator: ".") {
            guard let dictionary = current as? [String: Any], let next = dictionary[String(part)] else { return nil }
            current = next
        }
        return .some(current is NSNull ? nil : current)
    }
}

private struct MemberComparison {
    let member: String
    let pack: SitePack
    let record: ExtractedRecord
    var cells = [String: PackCheck.Cell]()
    var differences = [PackCheck.Difference]()

    init(member: String, pack: SitePack, record: ExtractedRecord) {
        self.member = member
        self.pack = pack
        self.record = record
    }

    mutating func compare(against expected: ExpectedRecord) {
        for field in pack.fields {
            guard let actual = record.fields[field.name] else { continue }
            compare(field.name, actual: actual, expected: expected.value(at: field.name), label: field.name)
        }
        for collection in pack.collections {
            guard let rows = record.collections[collection.name] else { continue }
            let expectedRows = (expected.root[collection.name] as? [Any])?.compactMap { $0 as? [String: Any] }
            let countLabel = "\(collection.name)[]"
            if let expectedRows, expectedRows.count == rows.count {
                cells[countLabel] = .matched
            } else {
                cells[countLabel] = expectedRows == nil ? .mismatched : (rows.count < (expectedRows?.count ?? 0) ? .missing : .mismatched)
                differences.append(.init(member: member, field: countLabel, expected: expectedRows.map { "\($0.count) rows" } ?? "no list",
                                         actual: "\(rows.count) rows"))
            }
            for field in collection.fields {
                let label = "\(collection.name)[].\(field.name)"
                cells[label] = .matched
                for (index, row) in rows.enumerated() {
                    let expectedValue: Any?? = index < (expectedRows?.count ?? 0) ? expected.value(at: field.name, in: expectedRows?[index]) : nil
                    guard expectedValue != nil || index < (expectedRows?.count ?? 0) else { continue }
                    compare(label, actual: row[field.name] ?? .null, expected: expectedValue,
                            label: "\(collection.name)[\(index + 1)].\(field.name)")
                }
            }
        }
        compareProblems(expected.root["errors"] as? [Any] ?? [])
    }

    mutating func describeWithoutExpectation() {
        for (name, value) in record.fields { cells[name] = value.isNull ? .empty : .found }
        for collection in pack.collections {
            guard let rows = record.collections[collection.name] else { continue }
            cells["\(collection.name)[]"] = rows.isEmpty ? .empty : .found
            for field in collection.fields {
                cells["\(collection.name)[].\(field.name)"] = rows.contains { !($0[field.name] ?? .null).isNull } ? .found : .empty
            }
        }
        cells["errors"] = record.problems.isEmpty ? .matched : .mismatched
        for problem in record.problems {
            differences.append(.init(member: member, field: problem.field ?? "errors", expected: "no error", actual: problem.description))
        }
    }

    /// Merges one comparison into the cell for `row`: any mismatch or miss sticks.
    private mutating func compare(_ row: String, actual: FieldValue, expected: Any??, label: String) {
        let cell: PackCheck.Cell
        let wanted: Any? = expected ?? nil
        if expected == nil {
            cell = .mismatched  // the expected record does not mention the field
        } else if FieldComparison.equal(actual, wanted) {
            cell = .matched
        } else {
            cell = actual.isNull ? .missing : .mismatched
        }
        if cell != .matched {
            differences.append(.init(member: member, field: label,
                                     expected: expected == nil ? "(not in the expected record)" : FieldComparison.describe(wanted),
                                     actual: FieldComparison.describe(actual)))
        }
        let previous = cells[row] ?? .matched
        cells[row] = previous == .matched ? cell : previous
    }

    private mutating func compareProblems(_ expected: [Any]) {
        let wanted = Set(expected.compactMap { item -> String? in
            guard let object = item as? [String: Any], let kind = object["kind"] as? String else { return nil }
            return [kind, object["source"] as? String ?? "", object["field"] as? String ?? ""].joined(separator: "|")
        })
        let actual = Set(record.problems.map { [$0.kind.rawValue, $0.source, $0.field ?? ""].joined(separator: "|") })
        cells["errors"] = wanted == actual ? .matched : (actual.isSubset(of: wanted) ? .missing : .mismatched)
        if wanted != actual {
            differences.append(.init(member: member, field: "errors",
                                     expected: wanted.isEmpty ? "none" : wanted.sorted().joined(separator: "; "),
                                     actual: record.problems.isEmpty ? "none" : record.problems.map(\.description).joined(separator: "; ")))
        }
    }
}

/// Compares a typed value with what JSONSerialization read from an expected record.
enum FieldComparison {
    static func equal(_ actual: FieldValue, _ expected: Any?) -> Bool {
        switch actual {
        case .null:
            return expected == nil
        case .text(let text):
            return (expected as? String) == text
        case .date(let date):
            return (expected as? String) == date.description
        case .int(let number):
            guard let expected = expected as? NSNumber else { return false }
            return expected.doubleValue == Double(number) && expected.int64Value == Int64(number)
        case .decimal(let number):
            guard let expected = expected as? NSNumber else { return false }
            // JSON's 4.66 was read as the Double nearest 4.66; so is the decimal's text.
            return Double(number.description) == expected.doubleValue
        }
    }

    static func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "null"
        case let text as String: return "\"\(text)\""
        case let number as NSNumber: return number.description
        case let other?: return "\(other)"
        }
    }

    static func describe(_ value: FieldValue) -> String {
        switch value {
        case .null: return "null"
        case .text(let text): return "\"\(text)\""
        case .int(let number): return String(number)
        case .decimal(let number): return number.description
        case .date(let date): return "\"\(date)\""
        }
    }
}

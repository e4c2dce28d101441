import Extraction
import Foundation
import Lookup
import Packs
import Report

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
        /// The check's row it belongs to (`articles[].views` for `articles[3].views`), and
        /// which of the list's rows it is (`[3]`), if any.
        public let row: String
        public let item: String?

        init(member: String, field: String, expected: String, actual: String) {
            self.init(member: member, place: nil, text: field, expected: expected, actual: actual)
        }

        init(member: String, place: FieldPath, expected: String, actual: String) {
            self.init(member: member, place: place, text: place.description, expected: expected, actual: actual)
        }

        private init(member: String, place: FieldPath?, text: String, expected: String, actual: String) {
            self.member = member
            field = text
            self.expected = expected
            self.actual = actual
            switch place {
            case .cell(let list, .index(let index), let name)?:
                (row, item) = (FieldPath.cell(list: list, row: .every, field: name).description, "[\(index)]")
            case .cell(let list, .key(let key), let name)?:
                (row, item) = (FieldPath.cell(list: list, row: .every, field: name).description, "[\(key)]")
            default:
                (row, item) = (text, nil)
            }
        }
    }

    /// A saved page the pack never read: no `next` link led to it.
    public struct UnreadPage: Sendable, Equatable {
        public let file: String
        public let why: String
    }

    /// Rows in pack order: scalar fields, then `collection[].field`, then `errors`.
    public let rowLabels: [String]
    public let members: [String]
    /// `cells[row][member]`.
    public let cells: [[Cell]]
    public let differences: [Difference]
    /// Saved pages the pack never reached: the pack and the fixtures disagree on how
    /// many pages a source has, so the check fails.
    public let unread: [UnreadPage]

    /// A check over no saved pages checked nothing, and does not pass.
    public var passed: Bool {
        !members.isEmpty && unread.isEmpty && !cells.joined().contains { $0 == .missing || $0 == .mismatched }
    }

    /// Reads each fixture member's pages through the one path pages take (its sources'
    /// first pages, then the `-p2`, `-p3` files their `next` links lead to), applies the
    /// pack, and compares. A page a `next` link leads to that was not saved fails that
    /// member (the fixtures are incomplete), and the others are checked all the same.
    public static func run(pack: SitePack, fixtures: FixtureSet, baseURL: String? = nil) async throws -> PackCheck {
        var labels = pack.fields.map(\.name)
        for collection in pack.collections {
            labels.append(FieldPath.rows(collection.name).description)
            labels += collection.fields.map { FieldPath.cell(list: collection.name, row: .every, field: $0.name).description }
        }
        labels += pack.stats.map { FieldPath.stat($0.name).description }
        labels.append("errors")
        let lookup = MemberLookup(pack: pack, savedPagesIn: fixtures.directory, baseURL: baseURL)
        var columns = [[String: Cell]]()
        var differences = [Difference]()
        var unread = [UnreadPage]()
        for member in fixtures.members {
            let looked = await lookup.lookup(member.id, sources: member.pages.keys.sorted())
            // Fixtures that are not whole (a page a next link leads to was not saved) fail
            // this member, said once; the other members are still checked.
            if let unread = looked.errors.first(where: { $0.kind != .extraction && $0.kind != .notFound && $0.kind != .unreadable })
                ?? looked.errors.first(where: { $0.kind == .notFound && $0.field == nil && $0.message.hasPrefix("no saved page") }) {
                columns.append(["errors": .mismatched])
                differences.append(Difference(member: member.id, field: "pages", expected: "every page the next links lead to, saved", actual: unread.message))
                continue
            }
            var comparison = MemberComparison(member: member.id, pack: pack, record: looked.extracted)
            if let expectedFile = member.expectedFile {
                try comparison.compare(against: ExpectedRecord(file: expectedFile))
            } else {
                comparison.describeWithoutExpectation()
            }
            columns.append(comparison.cells)
            differences += comparison.differences
            unread += unreadPages(of: member, read: looked.pagesRead, pack: pack)
        }
        // Fields an expected record lists that the pack lacks get rows of their own, before `errors`.
        var lacking = [String]()
        for column in columns {
            for label in column.keys.sorted() where !labels.contains(label) && !lacking.contains(label) { lacking.append(label) }
        }
        labels.insert(contentsOf: lacking, at: labels.count - 1)
        return PackCheck(rowLabels: labels, members: fixtures.members.map(\.id),
                         cells: labels.map { label in columns.map { $0[label] ?? .notApplicable } }, differences: differences, unread: unread)
    }

    /// The member's saved pages beyond those read, source by source, with why.
    private static func unreadPages(of member: FixtureSet.Member, read: [String: Int], pack: SitePack) -> [UnreadPage] {
        member.pages.keys.sorted().flatMap { source -> [UnreadPage] in
            let files = member.pages[source] ?? []
            let count = read[source] ?? 0
            guard count > 0, files.count > count, let rule = pack.source(named: source) else { return [] }
            let why = rule.next == nil ? "[sources.\(source)] has no next pattern, so only the first page is read"
                : count >= rule.maxPages ? "[sources.\(source)] max_pages is \(rule.maxPages)"
                : "no next link on page \(count) leads further (or it leads back to a page already read)"
            return files.dropFirst(count).map { UnreadPage(file: ($0 as NSString).lastPathComponent, why: why) }
        }
    }

    private init(rowLabels: [String], members: [String], cells: [[Cell]], differences: [Difference], unread: [UnreadPage]) {
        self.rowLabels = rowLabels
        self.members = members
        self.cells = cells
        self.differences = differences
        self.unread = unread
    }
}

/// The JSON a fixture's record should produce, as `extract` prints it, read into the
/// same `JSONValue` the reports write, so that a check compares like with like.
struct ExpectedRecord {
    let root: [(String, JSONValue)]

    init(file: String) throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw PackLookupError.unreadable(file: file, reason: "cannot read the file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              case .object(let members) = ExpectedRecord.value(object) else {
            throw PackLookupError.unreadable(file: file, reason: "not a JSON object")
        }
        root = members
    }

    /// What JSONSerialization read, as a `JSONValue`: numbers written without a point are
    /// integers, the rest decimals from their shortest text (`4.66` stays 4.66).
    static func value(_ object: Any) -> JSONValue {
        switch object {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let number as NSNumber:
            let double = number.doubleValue
            if double.rounded() == double, abs(double) < 9e15 { return .int(number.intValue) }
            return .decimal(Decimal(string: String(double)) ?? Decimal(double))
        case let array as [Any]: return .array(array.map(value))
        case let dictionary as [String: Any]: return .object(dictionary.keys.sorted().map { ($0, value(dictionary[$0] ?? NSNull())) })
        default: return .null
        }
    }

    /// The keys a record has whatever its pack: not fields.
    static let recordKeys: Set<String> = ["schema", "id", "site", "fetched_at", "sources", "archived_at", "errors", "stats", "rounded", "file", "pages"]

    /// A value's leaves as dotted paths: an object's members each by its key, nested; a
    /// list or a value as one leaf.
    static func leaves(_ value: JSONValue, prefix: String = "") -> [(String, JSONValue)] {
        guard case .object(let members) = value else { return prefix.isEmpty ? [] : [(prefix, value)] }
        return members.flatMap { key, member in leaves(member, prefix: prefix.isEmpty ? key : "\(prefix).\(key)") }
    }

    /// The member named `key` of an object; nil when absent.
    static func member(_ key: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The value at a dotted path; nil when absent (an explicit null is `.null`).
    func value(at path: String, in object: JSONValue? = nil) -> JSONValue? {
        var current = object ?? .object(root)
        for part in path.split(separator: ".") {
            guard let next = ExpectedRecord.member(String(part), of: current) else { return nil }
            current = next
        }
        return current
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
            guard let actual = record.value(field.name) else { continue }
            compare(field.name, actual: actual, expected: expected.value(at: field.name), place: .field(field.name))
        }
        for collection in pack.collections {
            var expectedRows: [JSONValue]?
            if case .array(let list)? = expected.value(at: collection.name) { expectedRows = list }
            let countLabel = FieldPath.rows(collection.name).description
            // A list the page was read without is unknown: an expected list, even `[]`, is
            // not there. An expected null (unknown) against `[]` is a mismatch below.
            guard let rows = record.collections[collection.name] else {
                if let expectedRows {
                    cells[countLabel] = .missing
                    differences.append(.init(member: member, field: countLabel, expected: "\(expectedRows.count) rows", actual: "unknown (the list was not read)"))
                }
                continue
            }
            if let expectedRows, expectedRows.count == rows.count {
                cells[countLabel] = .matched
            } else {
                cells[countLabel] = expectedRows == nil ? .mismatched : (rows.count < (expectedRows?.count ?? 0) ? .missing : .mismatched)
                differences.append(.init(member: member, field: countLabel, expected: expectedRows.map { "\($0.count) rows" } ?? "unknown (null)",
                                         actual: "\(rows.count) rows"))
            }
            for field in collection.fields {
                let label = FieldPath.cell(list: collection.name, row: .every, field: field.name).description
                cells[label] = .matched
                for (index, row) in rows.enumerated() {
                    guard let expectedRows, index < expectedRows.count else { continue }
                    compare(label, actual: row[field.name] ?? .null, expected: expected.value(at: field.name, in: expectedRows[index]),
                            place: .cell(list: collection.name, row: .index(index), field: field.name))
                }
            }
        }
        compareStats(expected)
        compareNames(expected)
        var expectedErrors = [JSONValue]()
        if case .array(let list)? = expected.value(at: "errors") { expectedErrors = list }
        compareProblems(expectedErrors)
    }

    /// Every field and list the expected record names is one the pack has: a field the
    /// expected file lists and the pack lacks is a failure (it would never be read), not
    /// a pass in silence.
    private mutating func compareNames(_ expected: ExpectedRecord) {
        let known = Set(pack.fields.map(\.name))
        for (path, value) in ExpectedRecord.leaves(.object(expected.root)) where !ExpectedRecord.recordKeys.contains(String(path.split(separator: ".")[0])) {
            if let collection = pack.collection(named: path) {
                guard case .array(let rows) = value else { continue }
                let fields = Set(collection.fields.map(\.name))
                for key in Set(rows.flatMap { ExpectedRecord.leaves($0).map(\.0) }) where !fields.contains(key) {
                    noSuchField(FieldPath.cell(list: path, row: .every, field: key).description, in: "the list \(path)")
                }
            } else if !known.contains(path) {
                noSuchField(path, in: "the pack")
            }
        }
    }

    private mutating func noSuchField(_ path: String, in whole: String) {
        cells[path] = .missing
        differences.append(.init(member: member, field: path, expected: "`\(path)`", actual: "\(whole) has no such field"))
    }

    /// The pack's statistics, where the expected record has `stats` (as `extract` prints
    /// them): each compared as written, an object statistic whole.
    private mutating func compareStats(_ expected: ExpectedRecord) {
        guard !pack.stats.isEmpty, expected.value(at: "stats") != nil else { return }
        let written = record.stats.map { RecordJSON.value($0, pack: pack) }
        for stat in pack.stats {
            let label = FieldPath.stat(stat.name).description
            var actual = written ?? .null
            for part in stat.name.split(separator: ".") { actual = ExpectedRecord.member(String(part), of: actual) ?? .null }
            let wanted = expected.value(at: label)
            let same = wanted.map { JSONComparison.same(actual, $0) } ?? false
            cells[label] = same ? .matched : (actual == .null ? .missing : .mismatched)
            if !same {
                differences.append(.init(member: member, place: .stat(stat.name), expected: wanted.map(JSONComparison.describe) ?? "(not in the expected record)",
                                         actual: JSONComparison.describe(actual)))
            }
        }
    }

    mutating func describeWithoutExpectation() {
        for (name, reading) in record.fields { cells[name] = reading.value.isNull ? .empty : .found }
        for collection in pack.collections {
            guard let rows = record.collections[collection.name] else { continue }
            cells[FieldPath.rows(collection.name).description] = rows.isEmpty ? .empty : .found
            for field in collection.fields {
                cells[FieldPath.cell(list: collection.name, row: .every, field: field.name).description] = rows.contains { !($0[field.name] ?? .null).isNull } ? .found : .empty
            }
        }
        cells["errors"] = record.problems.isEmpty ? .matched : .mismatched
        for problem in record.problems {
            if let place = problem.field {
                differences.append(.init(member: member, place: place, expected: "no error", actual: problem.description))
            } else {
                differences.append(.init(member: member, field: "errors", expected: "no error", actual: problem.description))
            }
        }
    }

    /// Merges one comparison into the cell for `row`: any mismatch or miss sticks. The
    /// value is compared as the reports write it (`RecordJSON`).
    private mutating func compare(_ row: String, actual: FieldValue, expected: JSONValue?, place: FieldPath) {
        let written = RecordJSON.json(actual)
        let cell: PackCheck.Cell
        if let expected {
            cell = JSONComparison.same(written, expected) ? .matched : (actual.isNull ? .missing : .mismatched)
        } else {
            cell = .mismatched  // the expected record does not mention the field
        }
        if cell != .matched {
            differences.append(.init(member: member, place: place,
                                     expected: expected.map(JSONComparison.describe) ?? "(not in the expected record)",
                                     actual: JSONComparison.describe(written)))
        }
        let previous = cells[row] ?? .matched
        cells[row] = previous == .matched ? cell : previous
    }

    private mutating func compareProblems(_ expected: [JSONValue]) {
        let wanted = Set(expected.compactMap { item -> String? in
            guard case .string(let kind)? = ExpectedRecord.member("kind", of: item) else { return nil }
            func text(_ key: String) -> String {
                if case .string(let value)? = ExpectedRecord.member(key, of: item) { return value }
                return ""
            }
            return [kind, text("source"), text("field")].joined(separator: "|")
        })
        let actual = Set(record.problems.map { [$0.kind.rawValue, $0.source, $0.field?.description ?? ""].joined(separator: "|") })
        cells["errors"] = wanted == actual ? .matched : (actual.isSubset(of: wanted) ? .missing : .mismatched)
        if wanted != actual {
            differences.append(.init(member: member, field: "errors",
                                     expected: wanted.isEmpty ? "none" : wanted.sorted().joined(separator: "; "),
                                     actual: record.problems.isEmpty ? "none" : record.problems.map(\.description).joined(separator: "; ")))
        }
    }
}

/// Two JSON values the same for a check: numbers by value (an expected `5` equals a
/// written decimal 5), everything else as written.
enum JSONComparison {
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)):
            // Members by name, in any order (an expected file's keys are sorted).
            return x.count == y.count && x.allSatisfy { key, value in y.first { $0.0 == key }.map { same(value, $0.1) } ?? false }
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        default:
            break
        }
        switch (number(a), number(b)) {
        case let (x?, y?): return x == y
        default: return a == b
        }
    }

    private static func number(_ value: JSONValue) -> Decimal? {
        switch value {
        case .int(let number): return Decimal(number)
        case .decimal(let number): return number
        case .double(let number): return Decimal(string: String(number))
        default: return nil
        }
    }

    /// As the check's messages show it: `"text"`, `4.66`, `null`.
    static func describe(_ value: JSONValue) -> String {
        value.serialized(pretty: false)
    }
}

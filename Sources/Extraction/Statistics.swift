import Foundation
import Packs

/// A member's statistics, as the pack's `[stats]` declare them: computed from the
/// rows found (never scraped), so they agree with the rows shown beside them.
public struct Statistics: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// A figure, with the step of the rounded values it was made from (a sum of
        /// counts shown as `12.4k` is known no closer than they are).
        case value(FieldReading)
        /// A top over several fields: the top row's fields, or nil when no row has a `by` value.
        case row(ExtractedRecord.Row?)

        /// The figure, or null for a row.
        public var figure: FieldValue? {
            if case .value(let reading) = self { return reading.value }
            return nil
        }
    }

    /// By statistic name.
    public var values: [String: Value] = [:]
    /// Sums that did not fit (a hostile page's billions of billions of views): they
    /// stand at Int.max, and are named here so no one reads them as counts.
    public var saturated: [String] = []

    public init(values: [String: Value] = [:], saturated: [String] = []) {
        self.values = values
        self.saturated = saturated
    }

    public subscript(name: String) -> Value? { values[name] }

    /// A statistic's reading, or one part of a statistic that is a row; nil where there
    /// is none (a part of no top row reads null).
    public func reading(_ name: String, part: String?) -> FieldReading? {
        switch (values[name], part) {
        case (.value(let reading)?, nil): return reading
        case (.row(let row)?, let part?): return row?[reading: part] ?? FieldReading(.null)
        default: return nil
        }
    }

    /// Every statistic of `pack` as a record path and value: `stats.total_views`, and
    /// each part of an object (`stats.top_article.title`; its `by` part only when
    /// `withRanking`), for tables, CSV and the history.
    public func flattened(_ pack: SitePack, withRanking: Bool = true) -> [(path: FieldPath, reading: FieldReading)] {
        var out = [(path: FieldPath, reading: FieldReading)]()
        for stat in pack.stats {
            switch values[stat.name] {
            case .value(let reading)?: out.append((.stat(stat.name), reading))
            case .row(let row)?:
                let keys = withRanking ? stat.objectKeys : stat.fields
                for key in keys { out.append((.stat(stat.name, part: key), row?[reading: key] ?? FieldReading(.null))) }
            case nil: out.append((.stat(stat.name), FieldReading(.null)))
            }
        }
        return out
    }

    /// The statistics of `pack` over `collections` (and the scalar `fields` formulas
    /// read); nil when the pack declares none, or none of the lists they read was read
    /// (the member's pages failed).
    public static func compute(_ pack: SitePack, fields: [String: FieldValue],
                               collections: [String: [ExtractedRecord.Row]]) -> Statistics? {
        var problems = [ExtractionProblem]()
        return compute(pack, fields: fields, collections: collections, unknownLists: [], cutLists: [], unreadRows: [:], absentBySign: [:],
                       problems: &problems)
    }

    /// As above, where `unknownLists` names the lists whose page was read without their
    /// section, `cutLists` those whose later pages were not read, and `unreadRows` the rows whose field (`articles.views`) was
    /// expected and not read. Missing is not zero: a statistic over a list that is not
    /// known (its section absent), or over a field some row could not give, is null,
    /// with a problem naming the rows; never a figure over the rows that happened to read.
    /// A sum, mean, least or greatest over rows none of which shows the value is unknown
    /// too ("no row shows bookmarks"), never its default, unless every row said it has
    /// none (`absentBySign`: the rows whose cell's `absent` matched).
    public static func compute(_ pack: SitePack, fields: [String: FieldValue], collections: [String: [ExtractedRecord.Row]],
                               unknownLists: Set<String>, cutLists: Set<String>, unreadRows: [String: [Int]],
                               absentBySign: [String: Set<Int>], problems: inout [ExtractionProblem]) -> Statistics? {
        let lists = pack.statCollections
        guard !pack.stats.isEmpty, lists.isEmpty || lists.contains(where: { collections[$0] != nil || unknownLists.contains($0) }) else { return nil }
        var computation = StatisticsComputation(fields: fields)
        for stat in pack.stats {
            if let list = stat.collection {
                guard let rows = collections[list] else {
                    computation.unknown(stat)
                    continue
                }
                if cutLists.contains(list) {
                    computation.unknown(stat)
                    let source = pack.collection(named: list)?.source ?? ""
                    problems.append(ExtractionProblem(kind: .extraction, field: .stat(stat.name), source: source, origin: "",
                                                      message: "unknown: not every \(source) page was read (\(rows.count) rows from those that were), and a figure over part of the list would not be the member's"))
                    continue
                }
                let unread = stat.readFields.compactMap { field in unreadRows["\(list).\(field)"].map { (field, $0) } }
                if !unread.isEmpty {
                    computation.unknown(stat)
                    problems.append(unknownProblem(stat, list: list, source: pack.collection(named: list)?.source ?? "", unread: unread))
                    continue
                }
                if let field = StatisticsComputation.shownByNoRow(stat, rows: rows, saidNone: absentBySign["\(list).\(stat.fields.first ?? "")"] ?? []) {
                    computation.unknown(stat)
                    let label = pack.collection(named: list)?.field(named: field)?.displayName.lowercased() ?? field
                    problems.append(ExtractionProblem(kind: .extraction, field: .stat(stat.name), source: pack.collection(named: list)?.source ?? "",
                                                      origin: "", message: "unknown: no row shows \(label) (\(rows.count) row\(rows.count == 1 ? "" : "s") read), and a figure over none of them would not be the page's"))
                    continue
                }
                computation.add(stat, rows: rows)
            } else {
                computation.add(stat, rows: [])
            }
        }
        return computation.result
    }

    private static func unknownProblem(_ stat: StatRule, list: String, source: String, unread: [(field: String, rows: [Int])]) -> ExtractionProblem {
        let which = unread.map { field, rows in
            let shown = rows.prefix(5).map { "\(list)[\($0)]" }.joined(separator: ", ") + (rows.count > 5 ? " and \(rows.count - 5) more" : "")
            return "\(field) of \(shown)"
        }.joined(separator: "; ")
        return ExtractionProblem(kind: .extraction, field: .stat(stat.name), source: source, origin: "",
                                 message: "unknown: \(which) could not be read, and a figure over the other rows would not be the page's")
    }
}

extension StatRule {
    /// The row fields whose every value the statistic needs: what it is over, its
    /// weight, what ranks the top row (a count of rows needs none).
    var readFields: [String] {
        var needed = operation == .top ? [] : Array(fields.prefix(1))
        if let weight { needed.append(weight) }
        if let by { needed.append(by) }
        return needed
    }
}

/// One member's statistics being worked out: each figure's exact value is kept for
/// the formulas after it (rounding is for showing, and rounding twice would drift).
struct StatisticsComputation {
    let fields: [String: FieldValue]
    var result = Statistics()
    private var exact: [String: Double] = [:]

    init(fields: [String: FieldValue]) {
        self.fields = fields
    }

    /// A statistic that cannot be known from what was read.
    mutating func unknown(_ stat: StatRule) {
        result.values[stat.name] = stat.fieldsAsObject ? .row(nil) : .value(FieldReading(.null))
    }

    mutating func add(_ stat: StatRule, rows: [ExtractedRecord.Row]) {
        let figure: FieldValue
        switch stat.operation {
        case .count: figure = .int(stat.fields.first.map { values($0, rows).count } ?? rows.count)
        case .sum: figure = sum(stat, rows) ?? stat.defaultValue ?? .null
        case .mean: figure = mean(stat, rows) ?? stat.defaultValue ?? .null
        case .min, .max: figure = extreme(stat, rows) ?? stat.defaultValue ?? .null
        case .top:
            let top = top(stat, rows)
            result.values[stat.name] = top
            if let figure = top.figure, exact[stat.name] == nil { exact[stat.name] = StatisticsComputation.double(figure) }
            return
        case .distinct: figure = distinct(stat, rows)
        case .formula: figure = formula(stat)
        }
        result.values[stat.name] = .value(FieldReading(figure, step: figure == .null ? nil : largestStep(stat, rows)))
        if exact[stat.name] == nil { exact[stat.name] = StatisticsComputation.double(figure) }
    }

    /// A sum, mean, least or greatest over values the page showed rounded is known no
    /// closer than they are: the largest of their steps (tables show it as `≈`, and a
    /// refresh reports no change smaller than that); nil when every one was exact.
    private func largestStep(_ stat: StatRule, _ rows: [ExtractedRecord.Row]) -> Int? {
        switch stat.operation {
        case .sum, .mean, .min, .max: break
        case .count, .top, .distinct, .formula: return nil
        }
        guard stat.collection != nil, let field = stat.fields.first else { return nil }
        var largest: Int?
        forEach(field, rows) { reading, _ in
            if let step = reading.step { largest = max(largest ?? step, step) }
        }
        return largest
    }

    /// The field a sum, mean, least or greatest is over, when rows are there and none
    /// shows it, and not every one said it has none; nil when the figure can be made.
    static func shownByNoRow(_ stat: StatRule, rows: [ExtractedRecord.Row], saidNone: Set<Int>) -> String? {
        guard [.sum, .mean, .min, .max].contains(stat.operation), !rows.isEmpty, let field = stat.fields.first else { return nil }
        let none = rows.allSatisfy { ($0[field] ?? .null).isNull }
        return none && saidNone.count < rows.count ? field : nil
    }

    /// A field's values down the rows, nulls left out. The rows of a list share one
    /// list of names, so the field's place is looked up once, not once a row.
    private func values(_ field: String?, _ rows: [ExtractedRecord.Row]) -> [FieldValue] {
        guard let field else { return [] }
        var found = [FieldValue]()
        found.reserveCapacity(rows.count)
        forEach(field, rows) { reading, _ in found.append(reading.value) }
        return found
    }

    /// Calls `body` with each row's reading of `field` that is not null, and the row's index.
    private func forEach(_ field: String, _ rows: [ExtractedRecord.Row], _ body: (FieldReading, Int) -> Void) {
        guard let shared = rows.first?.names else { return }
        let sharedPosition = shared.positions[field]
        // By index, not a copy of each row: every statistic of every member walks its
        // rows (copying each was most of the walk's CPU in a batch's profile).
        for index in rows.indices {
            let position = rows[index].names === shared ? sharedPosition : rows[index].names.positions[field]
            guard let position, !rows[index].readings[position].value.isNull else { continue }
            body(rows[index].readings[position], index)
        }
    }

    private mutating func sum(_ stat: StatRule, _ rows: [ExtractedRecord.Row]) -> FieldValue? {
        let found = values(stat.fields.first, rows)
        guard !found.isEmpty else { return nil }
        var whole = 0, decimal = ExactSum(), isDecimal = false
        for item in found {
            switch item {
            case .int(let number):
                let (next, overflow) = whole.addingReportingOverflow(number)
                guard !overflow else {
                    result.saturated.append(stat.name)
                    return .int(.max)
                }
                whole = next
            case .decimal:
                decimal.add(item)
                isDecimal = true
            default: continue
            }
        }
        return isDecimal ? .decimal(decimal.value + Decimal(whole)) : .int(whole)
    }

    /// The plain mean, or weighted by `weight` over rows whose weight is above 0: exact
    /// (`ExactSum`: the number `Decimal` would give, added in machine integers).
    private mutating func mean(_ stat: StatRule, _ rows: [ExtractedRecord.Row]) -> FieldValue? {
        guard let field = stat.fields.first else { return nil }
        var total = ExactSum(), divisor = ExactSum()
        if let weightField = stat.weight {
            var weightOf = [FieldValue?](repeating: nil, count: rows.count)
            forEach(weightField, rows) { reading, index in
                if StatisticsComputation.isPositive(reading.value) { weightOf[index] = reading.value }
            }
            forEach(field, rows) { reading, index in
                guard let weight = weightOf[index] else { return }
                let value = reading.value
                switch (value, weight) {
                case let (.int(number), .int(times)):
                    let (product, overflow) = number.multipliedReportingOverflow(by: times)
                    overflow ? total.add(.decimal(Decimal(number) * Decimal(times))) : total.add(.int(product))
                case let (.decimal(number), .int(times)):
                    total.add(number, times: times)
                default:
                    guard let number = StatisticsComputation.decimal(value), let times = StatisticsComputation.decimal(weight) else { return }
                    total.add(.decimal(number * times))
                }
                divisor.add(weight)
            }
        } else {
            forEach(field, rows) { reading, _ in
                total.add(reading.value)
                divisor.add(.int(1))
            }
        }
        let weights = divisor.value
        guard weights > 0 else { return nil }
        let mean = total.value / weights
        exact[stat.name] = NSDecimalNumber(decimal: mean).doubleValue
        guard let places = stat.places else { return .decimal(mean) }
        var unrounded = mean, rounded = Decimal()
        NSDecimalRound(&rounded, &unrounded, places, .plain)
        return .decimal(rounded)
    }

    static func isPositive(_ value: FieldValue) -> Bool {
        switch value {
        case .int(let number): return number > 0
        case .decimal(let number): return number > 0
        default: return false
        }
    }

    private func extreme(_ stat: StatRule, _ rows: [ExtractedRecord.Row]) -> FieldValue? {
        var best: FieldValue?
        for value in values(stat.fields.first, rows) {
            guard let current = best else { best = value; continue }
            let order = StatisticsComputation.compare(value, current)
            if stat.operation == .max ? order > 0 : order < 0 { best = value }
        }
        return best
    }

    /// Each value once, joined by ", ": the commonest first, equals in the order the
    /// rows show them; null when no row has one (nothing shown is not "none").
    private func distinct(_ stat: StatRule, _ rows: [ExtractedRecord.Row]) -> FieldValue {
        var counts = [String: (count: Int, first: Int)]()
        for (index, value) in values(stat.fields.first, rows).enumerated() {
            let text = value.description
            counts[text, default: (0, index)].count += 1
        }
        guard !counts.isEmpty else { return .null }
        let ordered = counts.sorted { ($0.value.count, -$0.value.first) > ($1.value.count, -$1.value.first) }
        return .text(ordered.map(\.key).joined(separator: ", "))
    }

    private func top(_ stat: StatRule, _ rows: [ExtractedRecord.Row]) -> Statistics.Value {
        var best: ExtractedRecord.Row?
        var bestValue: FieldValue?
        for row in rows {
            guard let by = stat.by, let value = row[by], !value.isNull else { continue }
            if let current = bestValue, StatisticsComputation.compare(value, current) <= 0 { continue }
            best = row
            bestValue = value
        }
        guard stat.fieldsAsObject else { return .value(FieldReading(best.flatMap { row in stat.fields.first.flatMap { row[$0] } } ?? .null)) }
        return .row(best.map { row in ExtractedRecord.Row(pairs: stat.objectKeys.map { ($0, row[$0] ?? .null) }) })
    }

    private mutating func formula(_ stat: StatRule) -> FieldValue {
        guard let formula = stat.formula else { return .null }
        let lookup = { (name: String) -> Double? in
            name.hasPrefix("stats.") ? self.exact[String(name.dropFirst("stats.".count))]
                : self.fields[name].flatMap(StatisticsComputation.double)
        }
        if let condition = stat.condition, !condition.holds(lookup) { return .null }
        guard let value = formula.evaluate(lookup) else { return .null }
        exact[stat.name] = value
        var shown = value
        if let places = stat.places {
            let scale = pow(10, Double(places))
            shown = (value * scale).rounded() / scale
        }
        // Through the shortest text that reads back as the same double: 16.02, not 16.019999999999999.
        return shown.isFinite ? DecimalText.decimal(String(shown)).map { .decimal($0) } ?? .null : .null
    }

    static func decimal(_ value: FieldValue?) -> Decimal? {
        switch value {
        case .int(let number)?: return Decimal(number)
        case .decimal(let number)?: return number
        default: return nil
        }
    }

    static func double(_ value: FieldValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .decimal(let number): return NSDecimalNumber(decimal: number).doubleValue
        default: return nil
        }
    }

    /// Negative when `a` comes before `b`: numbers by size, dates by day.
    static func compare(_ a: FieldValue, _ b: FieldValue) -> Int {
        switch (a, b) {
        case let (.date(x), .date(y)): return x == y ? 0 : (x < y ? -1 : 1)
        // Counts against counts as they are: a Decimal made of each costs ten times as much.
        case let (.int(x), .int(y)): return x == y ? 0 : (x < y ? -1 : 1)
        default:
            guard let x = decimal(a), let y = decimal(b) else { return 0 }
            return x == y ? 0 : (x < y ? -1 : 1)
        }
    }
}

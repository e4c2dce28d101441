import Extraction
import Foundation
import Lookup
import Packs

/// Values as people read them: `1,204,873`, `4.66`, `2012-03-12`, `-` for nothing.
enum DisplayText {
    static func of(_ value: FieldValue?) -> String {
        switch value {
        case .none, .null?: return "-"
        case .text(let text)?: return text
        case .int(let number)?: return grouped(number)
        case .decimal(let number)?: return twoPlaces(number)
        case .date(let date)?: return date.description
        }
    }

    /// A reading with its change since the last lookup, shown rounded where the page
    /// showed it so (`of(_:change:step:type:)`).
    static func of(_ reading: FieldReading?, change: FieldChange?, type: FieldType? = nil) -> String {
        of(reading?.value, change: change, step: reading?.step, type: type)
    }

    /// A value with its change since the last lookup: `5,072 (+35)`, `gold (was silver)`;
    /// one the page showed rounded to `step`, as it showed it: `≈ 99.5k`; a value of a
    /// `type` people read otherwise than data keeps it, as they read it ("13 years, 7 months").
    static func of(_ value: FieldValue?, change: FieldChange?, step: Int? = nil, type: FieldType? = nil) -> String {
        func spoken(_ value: FieldValue?) -> FieldValue? { type.flatMap { type in value.map(type.spoken) } ?? value }
        var text = of(spoken(value))
        if let step, case .int(let number)? = value { text = "≈ " + RoundedNumber(value: number, step: step).shown }
        guard let change else { return text }
        if let delta = change.delta {
            guard delta != 0 else { return text }
            let magnitude = delta < 0 ? -delta : delta
            let number = if case .int? = value { unsigned(magnitude) } else { twoPlaces(magnitude) }
            return "\(text) (\(delta > 0 ? "+" : "-")\(number))"
        }
        return "\(text) (was \(of(spoken(change.previous))))"
    }

    /// A difference with its sign and separators: `+35`, `−1,222`, `+0.25`.
    static func signed(_ delta: Decimal) -> String {
        (delta < 0 ? "\u{2212}" : "+") + unsigned(delta < 0 ? -delta : delta)
    }

    /// A magnitude grouped when it is whole (`1,222`), else with two places.
    private static func unsigned(_ magnitude: Decimal) -> String {
        guard let whole = Int(exactly: NSDecimalNumber(decimal: magnitude).int64Value), Decimal(whole) == magnitude else { return twoPlaces(magnitude) }
        return grouped(whole)
    }

    static func grouped(_ number: Int) -> String {
        RoundedNumber.grouped(number)
    }

    /// A value as `of` shows it, a decimal with `places` places when given (a
    /// statistic's own rounding) instead of two.
    static func of(_ value: FieldValue?, places: Int?) -> String {
        guard let places, case .decimal(let number)? = value else { return of(value) }
        return DecimalText.fixed(number, places: places)
    }

    static func twoPlaces(_ number: Decimal) -> String {
        DecimalText.fixed(number, places: 2)
    }

    static func twoPlaces(_ number: Double) -> String {
        String(format: "%.2f", number)
    }

    static func isNumeric(_ value: FieldValue?) -> Bool {
        switch value {
        case .int?, .decimal?: return true
        default: return false
        }
    }

    /// Columns a string takes in a terminal: East Asian wide characters take two,
    /// combining marks none.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return total }
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
            return total + (wide ? 2 : 1)
        }
    }

    /// Cut to `limit` columns, ending with an ellipsis when anything was cut.
    static func truncate(_ text: String, to limit: Int) -> String {
        guard width(text) > limit else { return text }
        guard limit > 1 else { return limit == 1 ? "…" : "" }
        var out = ""
        var used = 0
        for character in text {
            let w = width(String(character))
            if used + w > limit - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    static func pad(_ text: String, to columns: Int, right: Bool) -> String {
        let fill = String(repeating: " ", count: max(0, columns - width(text)))
        return right ? fill + text : text + fill
    }
}

/// The rows of a record's report collection, sorted and limited as asked.
enum ReportRows {
    /// The field rows are sorted by: the one asked for, else the pack's; nil: page order.
    static func sortField(_ pack: SitePack, options: ReportOptions) -> String? {
        options.sort ?? pack.report.sortField
    }

    static func of(_ record: MemberRecord, pack: SitePack, options: ReportOptions) -> [ExtractedRecord.Row] {
        indexed(record, pack: pack, options: options).map(\.row)
    }

    /// The rows as `of` orders them, each with its place in the page's list (what the
    /// record's `rounded` keys a row's value by).
    static func indexed(_ record: MemberRecord, pack: SitePack, options: ReportOptions) -> [(index: Int, row: ExtractedRecord.Row)] {
        guard let collection = pack.reportCollection, let rows = record.extracted.collections[collection.name] else { return [] }
        var sorted = rows.enumerated().map { (index: $0.offset, row: $0.element) }
        if let field = sortField(pack, options: options) {
            // Stable: equal keys keep page order. Numbers and dates biggest first, text A–Z, nulls last.
            let descending = collection.field(named: field)?.type.isOrdered ?? true
            sorted = sorted.sorted { a, b in
                let order = compare(a.row[field], b.row[field], descending: descending)
                return order == 0 ? a.index < b.index : order < 0
            }
        }
        if let limit = options.limit { sorted = Array(sorted.prefix(max(0, limit))) }
        return sorted
    }

    /// Negative when `a` goes first.
    private static func compare(_ a: FieldValue?, _ b: FieldValue?, descending: Bool) -> Int {
        let aNull = a == nil || a == .null, bNull = b == nil || b == .null
        if aNull || bNull { return aNull == bNull ? 0 : (aNull ? 1 : -1) }
        let ascending: Int
        switch (a, b) {
        case let (.int(x)?, .int(y)?): ascending = x == y ? 0 : (x < y ? -1 : 1)
        case let (.decimal(x)?, .decimal(y)?): ascending = x == y ? 0 : (x < y ? -1 : 1)
        case let (.date(x)?, .date(y)?): ascending = x == y ? 0 : (x < y ? -1 : 1)
        case let (.text(x)?, .text(y)?):
            let order = x.localizedCaseInsensitiveCompare(y)
            ascending = order == .orderedSame ? 0 : (order == .orderedAscending ? -1 : 1)
        default: ascending = 0
        }
        return descending ? -ascending : ascending
    }
}

extension StatRule {
    /// A `top` statistic's row as people read it: its first field, and the value that
    /// ranked it (`Cache Heap Shader (Views 2,345,678)`).
    func shown(_ row: ExtractedRecord.Row, pack: SitePack) -> String {
        let (first, ranking) = shownParts(row, pack: pack)
        return first + ranking
    }

    /// The row's first field, and ` (Views 2,345,678)`: a line too narrow for both
    /// cuts the first, never the value that ranked it.
    func shownParts(_ row: ExtractedRecord.Row, pack: SitePack) -> (first: String, ranking: String) {
        let first = fields.first.map { DisplayText.of(row[$0]) } ?? "-"
        return (first, by.map { " (\(pack.label(of: "\(collection ?? "").\($0)")) \(DisplayText.of(row[$0])))" } ?? "")
    }
}

extension MemberRecord {
    /// The member's name by the pack's report spec, if it has one.
    func displayName(_ spec: ReportSpec) -> String? {
        guard let field = spec.nameField, case .text(let name)? = extracted.value(field) else { return nil }
        return name
    }

    /// The name a heading puts before the ID; nil when there is none, or the name is the
    /// ID (a login: "ada_l", not "ada_l (ada_l)").
    func headingName(_ spec: ReportSpec) -> String? {
        displayName(spec).flatMap { $0 == id ? nil : $0 }
    }

    /// "Maren Okafor (48201)", or the ID alone.
    func headingText(_ spec: ReportSpec) -> String {
        headingName(spec).map { "\($0) (\(id))" } ?? id
    }

    /// The value of the column `key` names (a field, a statistic or its part), as people
    /// read it: `-` for a key the pack does not have.
    func shown(_ key: String, pack: SitePack) -> String {
        pack.columns.column(named: key).map(shown) ?? DisplayText.of(nil)
    }

    /// The value of the column `key` names; nil when the record has none.
    func value(_ key: String, pack: SitePack) -> FieldValue? {
        pack.columns.column(named: key).flatMap { extracted[$0.path]?.value }
    }

    /// A column's value as people read it: a field as its type speaks it, a statistic
    /// with its own places; one the page showed rounded as it showed it (`≈ 99.5k`), a
    /// figure over such values with `≈`.
    func shown(_ column: RecordColumn) -> String {
        let reading = extracted[column.path]
        var found = reading?.value
        if case .field = column.path, let type = column.type { found = found.map(type.spoken) }
        let text = DisplayText.of(found, places: column.places)
        guard let step = reading?.step, let found, found != .null else { return text }
        if case .stat = column.path { return "≈ " + text }
        return DisplayText.of(found, change: nil, step: step)
    }

    /// Every error, one line, for a single cell.
    var errorSummary: String {
        errors.map(\.description).joined(separator: "; ")
    }
}

/// A value as people read it, for words outside a format (a warning on stderr):
/// `1,204,873`, `4.66`, `13 years, 7 months`.
public enum ShownValue {
    public static func of(_ value: FieldValue, type: FieldType? = nil) -> String {
        DisplayText.of(value, change: nil, type: type)
    }
}

/// One value a member's record holds, as every output names, labels and types it:
/// its place, its key (the place's text: a CSV column, a JSON path), what people call
/// it, and its type. Built once per pack (`SitePack.columns`); no output works these out
/// again, or asks a type by its name.
public struct RecordColumn: Sendable {
    public let path: FieldPath
    /// What people read it as: the pack's label, else its name.
    public let label: String
    /// Its values' type; nil for a statistic that is a row.
    public let type: FieldType?
    /// The places a statistic rounds its figure to; nil for the rest.
    public let places: Int?
    /// A refresh reports its changes (`changes = false` in the pack: it moves with time alone).
    public let reportsChanges: Bool

    /// A page may show its values rounded, or it is a figure over such values.
    public let mayBeRounded: Bool
    /// `reputation.total`, `stats.top_article.title`; a list's field by its name alone.
    public let key: String
    /// Its key's parts, as JSON nests them (`reputation.total` in `reputation`).
    public let keyParts: [String]

    init(path: FieldPath, label: String, type: FieldType?, places: Int?, reportsChanges: Bool, mayBeRounded: Bool) {
        self.path = path
        self.label = label
        self.type = type
        self.places = places
        self.reportsChanges = reportsChanges
        self.mayBeRounded = mayBeRounded
        if case .cell(_, _, let field) = path { key = field } else { key = path.description }
        keyParts = key.split(separator: ".").map(String.init)
    }
}

/// A list's columns: its rule, and a column per field.
public struct ListColumns: Sendable {
    public let rule: CollectionRule
    /// Each field's column, its place `<list>[].<field>`.
    public let columns: [RecordColumn]

    public var name: String { rule.name }

    /// The column of the field `name`.
    public func column(_ name: String) -> RecordColumn? { columns.first { $0.key == name } }
}

/// Every value a pack's records hold, in the order outputs show them: its fields, its
/// statistics (a statistic that is a row as a column per part), the places whose
/// values may be rounded, and its lists. What outputs walk.
public struct RecordColumns: Sendable {
    /// The scalar fields, in the pack's order.
    public let fields: [RecordColumn]
    /// The statistics, a row's parts each with the value that ranked it (tables, JSON, history).
    public let stats: [RecordColumn]
    /// The statistics as exports give them: a row's parts without the value that ranked
    /// it (its list's largest, a `max` away).
    public let statFigures: [RecordColumn]
    /// Each place a page may show rounded: every `rounded` field, then each sum, mean,
    /// least or greatest over one. Exports give each a column of its step.
    public let rounded: [RecordColumn]
    public let lists: [ListColumns]
    /// Every column by its key, and a list's columns by `<list>.<field>`.
    private let byKey: [String: RecordColumn]

    init(fields rules: [FieldRule], collections: [CollectionRule], stats statRules: [StatRule]) {
        func field(_ rule: FieldRule, at path: FieldPath) -> RecordColumn {
            RecordColumn(path: path, label: rule.displayName, type: rule.type, places: nil, reportsChanges: rule.reportsChanges,
                         mayBeRounded: rule.type.mayBeRounded)
        }
        let lists = collections.map { rule in
            ListColumns(rule: rule, columns: rule.fields.map { field($0, at: .cell(list: rule.name, row: .every, field: $0.name)) })
        }
        func cell(_ list: String?, _ name: String?) -> RecordColumn? {
            guard let list, let name else { return nil }
            return lists.first { $0.name == list }?.column(name)
        }
        fields = rules.map { field($0, at: .field($0.name)) }
        var stats = [RecordColumn](), figures = [RecordColumn]()
        for stat in statRules {
            guard stat.fieldsAsObject else {
                let over = cell(stat.collection, stat.fields.first)
                let type: FieldType? = switch stat.operation {
                case .count: .int
                case .mean, .formula: .decimal
                case .distinct: .text
                default: over?.type
                }
                let rounded = [.sum, .mean, .min, .max].contains(stat.operation) && over?.mayBeRounded == true
                let column = RecordColumn(path: .stat(stat.name), label: stat.displayName, type: type, places: stat.places, reportsChanges: true,
                                          mayBeRounded: rounded)
                stats.append(column)
                figures.append(column)
                continue
            }
            for part in stat.objectKeys {
                let over = cell(stat.collection, part)
                let column = RecordColumn(path: .stat(stat.name, part: part), label: stat.displayName + ": " + (over?.label ?? part), type: over?.type,
                                          places: nil, reportsChanges: true, mayBeRounded: false)
                stats.append(column)
                if stat.fields.contains(part) { figures.append(column) }
            }
        }
        self.stats = stats
        statFigures = figures
        self.lists = lists
        rounded = fields.filter(\.mayBeRounded) + figures.filter(\.mayBeRounded)
        var byKey = [String: RecordColumn]()
        for column in fields + stats { byKey[column.key] = byKey[column.key] ?? column }
        for list in lists { for column in list.columns { byKey["\(list.name).\(column.key)"] = byKey["\(list.name).\(column.key)"] ?? column } }
        self.byKey = byKey
    }

    /// The column a key names: a field (`reputation.total`), a statistic or its part
    /// (`stats.top_article.title`), a list's field (`articles.views`); nil for none.
    public func column(named key: String) -> RecordColumn? { byKey[key] }

    /// The columns of the list `name`.
    public func list(_ name: String) -> ListColumns? { lists.first { $0.name == name } }

    /// What people read the value at `key` as; the key itself for one the pack does not have.
    public func label(of key: String) -> String { column(named: key)?.label ?? key }

    /// What people read the value at `path` as.
    public func label(of path: FieldPath) -> String {
        switch path {
        case .cell(let list, _, let field): return self.list(list)?.column(field)?.label ?? field
        case .list(let list), .rows(let list): return self.list(list)?.rule.displayName ?? list
        case .field, .stat: return column(named: path.description)?.label ?? path.description
        }
    }
}

/// Where a value stands in a member's record: a field, a cell of a list, or a
/// statistic (or one part of a statistic that is a row). Its text is the one people and
/// scripts see in problems, errors, changes and `rounded`: `reputation.total`,
/// `articles[3].views`, `articles[/Articles/5012773/x].views` (a row by its key, as the
/// history names it), `articles[].views` (a list's field, every row), `stats.total_views`,
/// `stats.top_article.title`. It is written there (`description`) and nowhere else; a
/// record keeps it as this type, so nothing parses it back.
public enum FieldPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A scalar field, by its dotted name.
    case field(String)
    /// A list's field in one row, or in every row.
    case cell(list: String, row: RowPlace, field: String)
    /// A statistic by name; `part` names one field of a statistic that is a row.
    case stat(String, part: String? = nil)
    /// A list as a whole (its section not found): `articles`.
    case list(String)
    /// A list's rows (cutting them failed): `articles[]`.
    case rows(String)

    /// Which row of a list a cell is in.
    public enum RowPlace: Hashable, Sendable {
        /// Its place in the page's list, from 0 as in the record's JSON.
        case index(Int)
        /// Its key (its URL, else its title, else `#n`), as the history keeps rows.
        case key(String)
        /// Every row: the list's field as such.
        case every
    }

    public var description: String {
        switch self {
        case .field(let name): return name
        case .cell(let list, .index(let index), let field): return "\(list)[\(index)].\(field)"
        case .cell(let list, .key(let key), let field): return "\(list)[\(key)].\(field)"
        case .cell(let list, .every, let field): return "\(list)[].\(field)"
        case .stat(let name, nil): return "stats.\(name)"
        case .stat(let name, let part?): return "stats.\(name).\(part)"
        case .list(let list): return list
        case .rows(let list): return "\(list)[]"
        }
    }

    /// Ordered as their texts are (the order JSON's `changes` and `rounded` list them in).
    public static func < (lhs: FieldPath, rhs: FieldPath) -> Bool {
        lhs.description < rhs.description
    }

    /// The list a cell (or a list's problem) is in; nil for a field or a statistic.
    public var list: String? {
        switch self {
        case .cell(let list, _, _), .list(let list), .rows(let list): return list
        case .field, .stat: return nil
        }
    }

    /// The field a path names in its list or record, or the statistic's name (and part).
    public var name: String {
        switch self {
        case .field(let name): return name
        case .cell(_, _, let field): return field
        case .stat(let name, let part): return part.map { "\(name).\($0)" } ?? name
        case .list(let list), .rows(let list): return list
        }
    }

    /// The same place with each of its names made over (escaped for a terminal): a
    /// row's key is page text, and a pack's names are a stranger's too.
    public func mapNames(_ transform: (String) -> String) -> FieldPath {
        switch self {
        case .field(let name): return .field(transform(name))
        case .cell(let list, .key(let key), let field): return .cell(list: transform(list), row: .key(transform(key)), field: transform(field))
        case .cell(let list, let row, let field): return .cell(list: transform(list), row: row, field: transform(field))
        case .stat(let name, let part): return .stat(transform(name), part: part.map(transform))
        case .list(let list): return .list(transform(list))
        case .rows(let list): return .rows(transform(list))
        }
    }
}

/// Coded as Swift codes an enum, by its parts (`{"field":{"_0":"name"}}`), never its
/// text: a record keeps places in its checkpoint, and reads them back whole.
extension FieldPath: Codable {}
extension FieldPath.RowPlace: Codable {}

/// Where each table header (`[fields."reputation.total"]`) first stands in a pack's
/// text. TOMLKit hands tables back without their order, and a pack lists its fields in
/// the order people want to read them: that order becomes the CSV's columns, the
/// JSON's keys and the table's lines.
struct DeclarationOrder {
    /// Header key path (and every prefix of it) → the line it first appears on.
    private var lines: [[String]: Int] = [:]

    init(_ text: String) {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let header = line.drop { $0 == " " || $0 == "\t" }
            guard header.hasPrefix("["), !header.hasPrefix("[["), let path = DeclarationOrder.keyPath(header.dropFirst()) else { continue }
            // [collections.articles.fields.kind] also declares collections.articles.
            for end in 1...path.count where lines[Array(path[..<end])] == nil {
                lines[Array(path[..<end])] = number
            }
        }
    }

    /// The keys of the table at `path`, in the order the text declares them; keys it
    /// does not declare as headers (inline tables, dotted keys) come after, by name.
    func sorted(_ keys: [String], under path: [String]) -> [String] {
        keys.sorted { first, second in
            let firstLine = lines[path + [first]] ?? .max, secondLine = lines[path + [second]] ?? .max
            return firstLine != secondLine ? firstLine < secondLine : first < second
        }
    }

    /// `a.b."c.d"]…` → ["a", "b", "c.d"]; nil when the line is not a table header
    /// this can read (then its table simply sorts by name).
    static func keyPath(_ text: Substring) -> [String]? {
        var parts = [String]()
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "\"", "'":
                let start = text.index(after: index)
                guard let close = text[start...].firstIndex(of: character) else { return nil }
                current += text[start..<close]
                index = text.index(after: close)
                continue
            case ".":
                parts.append(current)
                current = ""
            case "]":
                parts.append(current)
                return parts.contains(where: \.isEmpty) ? nil : parts
            case " ", "\t":
                break
            default:
                current.append(character)
            }
            index = text.index(after: index)
        }
        return nil
    }
}

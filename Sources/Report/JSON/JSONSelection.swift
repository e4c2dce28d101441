import Packs
import PageText

/// `--json id,name,reputation.total`: only the chosen keys of each record, nested as in
/// the full record (`{"id": ..., "name": ..., "reputation": {"total": ...}}`), in the
/// record's order. A name may be a whole group (`reputation`, `stats`, `articles`).
public enum JSONSelection {
    /// A name close to `name` among `names` (a typo's likely meaning), for "did you mean";
    /// none that keeps no character of it (`x` is no typo of `id`).
    public static func closest(to name: String, in names: [String]) -> String? {
        let scored = names.map { ($0, EditDistance.between(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), EditDistance.isNear(best.1, length: name.count) else { return nil }
        return best.0
    }

    /// The names a record of `pack` can be asked for: its own keys, every group and
    /// field on the dots, and the statistics.
    public static func available(pack: SitePack) -> [String] {
        var names = ["schema", "id", "site", "fetched_at", "sources", "archived_at"]
        for field in pack.fields.map(\.name) {
            let parts = field.split(separator: ".")
            for depth in 1...parts.count {
                let name = parts.prefix(depth).joined(separator: ".")
                if !names.contains(name) { names.append(name) }
            }
        }
        names += pack.collections.map(\.name)
        if !pack.stats.isEmpty {
            names.append("stats")
            for stat in pack.stats {
                let parts = stat.name.split(separator: ".")
                for depth in 1...parts.count {
                    let name = "stats." + parts.prefix(depth).joined(separator: ".")
                    if !names.contains(name) { names.append(name) }
                }
                names += stat.objectKeys.map { "stats.\(stat.name).\($0)" }
            }
            names.append("stats.saturated")
        }
        // The steps of counts the page showed rounded (99.5k: 100).
        return names + (pack.hasRoundedFields ? ["rounded"] : []) + ["changes", "errors"]
    }

    /// `value` with only the `paths` (dotted names split on the dots) kept.
    /// `selected` with the `rounded` steps of the values it kept (`--json id,followers`
    /// keeps `rounded.followers`): a value the page showed rounded stays marked so in any
    /// selection. A selection naming `rounded` itself has it whole already.
    public static func keepingRounded(_ selected: JSONValue, of whole: JSONValue, paths: [[String]]) -> JSONValue {
        guard case .object(var members) = selected, !members.contains(where: { $0.0 == "rounded" }),
              case .object(let all) = whole, case .object(let steps)? = all.first(where: { $0.0 == "rounded" })?.1 else { return selected }
        let kept = steps.filter { place, _ in
            // `communities[0].score` is the list `communities`' field `score`.
            let parts = place.split(separator: ".").map { String($0.prefix { $0 != "[" }) }
            return paths.contains { path in path.count <= parts.count && Array(parts.prefix(path.count)) == path }
        }
        guard !kept.isEmpty else { return selected }
        members.append(("rounded", .object(kept)))
        return .object(members)
    }

    public static func select(_ value: JSONValue, paths: [[String]]) -> JSONValue {
        guard case .object(let members) = value else { return value }
        var kept = [(String, JSONValue)]()
        for (key, member) in members {
            let wanted = paths.filter { $0.first == key }
            guard !wanted.isEmpty else { continue }
            if wanted.contains(where: { $0.count == 1 }) {
                kept.append((key, member))
            } else {
                kept.append((key, select(member, paths: wanted.map { Array($0.dropFirst()) })))
            }
        }
        return .object(kept)
    }
}

import TOMLKit

/// The `[feeds.<name>]` tables.
extension PackReader {
    mutating func readFeed(_ parent: TOMLTable, _ key: String) -> FeedSpec? {
        let at = "feeds.\(quoted(key))"
        guard let table = table(parent, key, at: "feeds", required: true) else { return nil }
        checkKeys(table, at: at, allowed: ["title", "url", "categories", "default_category"])
        let url = string(table, "url", at: at, required: true)
        var categories = [FeedSpec.Category]()
        if let value = table["categories"] {
            guard let array = value.array else {
                problems.append(PackProblem(location: "\(at).categories", message: "must be a list of { name = \"...\", id = \"...\" }"))
                return nil
            }
            for (index, item) in array.enumerated() {
                let itemAt = "\(at).categories[\(index + 1)]"
                guard let entry = item.table else {
                    problems.append(PackProblem(location: itemAt, message: "must be an inline table { name = \"...\", id = \"...\" }"))
                    continue
                }
                checkKeys(entry, at: itemAt, allowed: ["name", "id"])
                let id = entry["id"]?.string ?? entry["id"]?.int.map(String.init)
                guard let name = string(entry, "name", at: itemAt, required: true), let id else {
                    if entry["id"] == nil || (entry["id"]?.string == nil && entry["id"]?.int == nil) {
                        problems.append(PackProblem(location: "\(itemAt).id", message: "missing or not a string/integer"))
                    }
                    continue
                }
                categories.append(FeedSpec.Category(name: name, id: id))
            }
        }
        if let url {
            checkAddress(url, at: at, fills: "category", what: "a feed")
            if url.contains("{category}") && categories.isEmpty {
                problems.append(PackProblem(location: "\(at).url", message: "has a {category} placeholder but the feed declares no categories"))
            } else if !url.contains("{category}") && !categories.isEmpty {
                problems.append(PackProblem(location: "\(at).url", message: "declares categories but has no {category} placeholder"))
            }
        }
        let defaultCategory = string(table, "default_category", at: at)
        if let defaultCategory, !categories.contains(where: { $0.name == defaultCategory }) {
            problems.append(PackProblem(location: "\(at).default_category", message: "'\(defaultCategory)' is not one of the feed's categories"))
        }
        guard let url else { return nil }
        return FeedSpec(name: key, title: string(table, "title", at: at) ?? key, urlTemplate: url,
                        categories: categories, defaultCategory: defaultCategory)
    }
}

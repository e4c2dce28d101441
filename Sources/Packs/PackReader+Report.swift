import TOMLKit

/// The `[report]` section: what the reports show, and how.
extension PackReader {
    static let reportKeys: Set<String> = ["name", "summary", "collection", "columns", "roles", "title", "link", "sort", "photo",
                                          "headline", "compare", "row_charts", "per_year", "breakdowns", "narrow_drop"]

    mutating func readReport(_ root: TOMLTable, fields: [FieldRule], collections: [CollectionRule], stats: [StatRule]) -> ReportSpec {
        let fieldNames = fields.map(\.name)
        let values = fieldNames + stats.map { "stats.\($0.name)" }
        let table = self.table(root, "report", at: "", required: false) ?? TOMLTable()
        checkKeys(table, at: "report", allowed: Self.reportKeys)
        var spec = ReportSpec(nameField: fieldNames.contains("name") ? "name" : nil)
        if let named = string(table, "name", at: "report") {
            if fieldNames.contains(named) { spec.nameField = named } else {
                problems.append(PackProblem(location: "report.name", message: "names no field: '\(named)'"))
            }
        }
        spec.summary = stringList(table, "summary", at: "report", allowedValues: values, what: "field or statistic (stats.<name>)")
            ?? fieldNames.filter { $0 != spec.nameField }
        var collection = collections.first
        if let collectionName = string(table, "collection", at: "report") {
            collection = collections.first { $0.name == collectionName }
            if collection == nil {
                problems.append(PackProblem(location: "report.collection", message: "names no collection: '\(collectionName)'; the pack has \(collections.map(\.name).joined(separator: ", "))"))
            }
        }
        spec.collection = collection?.name
        let rowFields = collection?.fields ?? []
        let rowNames = rowFields.map(\.name)
        let rowWhat = "field of the report's collection\(collection.map { " (\($0.name))" } ?? "")"
        spec.columns = stringList(table, "columns", at: "report", allowedValues: rowNames, what: rowWhat) ?? rowNames
        spec.narrowDrop = stringList(table, "narrow_drop", at: "report", allowedValues: rowNames, what: rowWhat) ?? []
        spec.titleField = rowFields.first { $0.type.isNaming }?.name
        spec.linkField = rowFields.first { $0.type.isLink }?.name
        if table["roles"] != nil {
            // Packs written before statistics were pack data named one site's article fields here.
            problems.append(PackProblem(location: "report.roles", message: "is no longer read: name the row fields with report.title, link, sort, row_charts and per_year, and figures in [stats] (docs/patterns.md)"))
        }
        if let title = rowField(table, "title", rowNames, rowWhat) { spec.titleField = title }
        if let link = rowField(table, "link", rowNames, rowWhat) { spec.linkField = link }
        if let sort = rowField(table, "sort", rowNames, rowWhat) { spec.sortField = sort }
        if let charts = stringList(table, "row_charts", at: "report", allowedValues: rowNames, what: rowWhat) { spec.rowCharts = charts }
        if let perYear = rowField(table, "per_year", rowNames, rowWhat) {
            if rowFields.first(where: { $0.name == perYear })?.type.isDated == true { spec.perYear = perYear } else {
                problems.append(PackProblem(location: "report.per_year", message: "'\(perYear)' is not a date field; rows are counted by the year of a date"))
            }
        }
        if let photo = string(table, "photo", at: "report") {
            if fieldNames.contains(photo) { spec.photoField = photo } else {
                problems.append(PackProblem(location: "report.photo", message: "names no field: '\(photo)'"))
            }
        }
        spec.headline = spec.summary.first
        if let headline = string(table, "headline", at: "report") {
            if values.contains(headline) { spec.headline = headline } else {
                problems.append(PackProblem(location: "report.headline", message: "'\(headline)' is not a field or statistic (stats.<name>) of the pack"))
            }
        }
        let counts = stats.filter { [.count, .sum].contains($0.operation) }.prefix(2).map { "stats.\($0.name)" }
        spec.compare = stringList(table, "compare", at: "report", allowedValues: values, what: "field or statistic (stats.<name>)")
            ?? (spec.headline.map { [$0] } ?? []) + counts
        spec.breakdowns = readBreakdowns(table, fields: fields)
        return spec
    }

    private mutating func rowField(_ table: TOMLTable, _ key: String, _ rowNames: [String], _ what: String) -> String? {
        guard let name = string(table, key, at: "report") else { return nil }
        guard rowNames.contains(name) else {
            problems.append(PackProblem(location: "report.\(key)", message: "'\(name)' is not a \(what)"))
            return nil
        }
        return name
    }

    /// `[report.breakdowns.<group>]`: the fields `<group>.<row>.<column>`, in the pack's order.
    private mutating func readBreakdowns(_ report: TOMLTable, fields: [FieldRule]) -> [ReportSpec.Breakdown] {
        guard let table = self.table(report, "breakdowns", at: "report", required: false) else { return [] }
        var breakdowns = [ReportSpec.Breakdown]()
        for group in order.sorted(table.keys, under: ["report", "breakdowns"]) {
            let at = "report.breakdowns.\(quoted(group))"
            guard let entry = self.table(table, group, at: "report.breakdowns", required: true) else { continue }
            checkKeys(entry, at: at, allowed: ["label", "rows", "columns", "over_time"])
            var rows = [String](), columns = [String]()
            for field in fields {
                let parts = field.name.split(separator: ".").map(String.init)
                guard parts.count == 3, parts[0] == group else { continue }
                if !rows.contains(parts[1]) { rows.append(parts[1]) }
                if !columns.contains(parts[2]) { columns.append(parts[2]) }
            }
            guard !rows.isEmpty else {
                problems.append(PackProblem(location: at, message: "no field is named \(group).<row>.<column>; a breakdown shows such fields as a table"))
                continue
            }
            let rowLabels = labelMap(entry, "rows", at: at, keys: rows)
            let columnLabels = labelMap(entry, "columns", at: at, keys: columns)
            var overTime: String?
            if let column = string(entry, "over_time", at: at) {
                if columns.contains(column) { overTime = column } else {
                    problems.append(PackProblem(location: "\(at).over_time", message: "'\(column)' is not a column of the breakdown (\(columns.joined(separator: ", ")))"))
                }
            }
            breakdowns.append(ReportSpec.Breakdown(group: group, label: words(entry, "label", at: at) ?? group,
                                                   rows: rows.map { ($0, rowLabels[$0] ?? $0) },
                                                   columns: columns.map { ($0, columnLabels[$0] ?? $0) }, overTime: overTime))
        }
        return breakdowns
    }

    /// `rows = { author = "Author" }`: labels for some of `keys`.
    private mutating func labelMap(_ table: TOMLTable, _ key: String, at: String, keys: [String]) -> [String: String] {
        guard let value = table[key] else { return [:] }
        guard let map = value.table else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "must be a table of key = \"label\", e.g. { author = \"Author\" }"))
            return [:]
        }
        var labels = [String: String]()
        for name in map.keys {
            guard keys.contains(name) else {
                problems.append(PackProblem(location: "\(at).\(key).\(quoted(name))", message: "is not one of the breakdown's \(key) (\(keys.joined(separator: ", ")))"))
                continue
            }
            if let label = map[name]?.string { labels[name] = label } else {
                problems.append(PackProblem(location: "\(at).\(key).\(quoted(name))", message: "must be a string"))
            }
        }
        return labels
    }

    mutating func stringList(_ table: TOMLTable, _ key: String, at: String, allowedValues: [String], what: String) -> [String]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
            problems.append(PackProblem(location: "\(at).\(key)", message: "must be a list of strings"))
            return nil
        }
        let items = array.compactMap(\.string)
        for item in items where !allowedValues.contains(item) {
            problems.append(PackProblem(location: "\(at).\(key)", message: "'\(item)' is not a \(what)"))
        }
        return items.filter(allowedValues.contains)
    }
}

import Report

/// What differs between a checkpoint's header and this run's, in words.
enum CheckpointMismatch {
    static func describe(_ found: ExportJournal.Header, _ wanted: ExportJournal.Header) -> String {
        if found.site != wanted.site { return "it was written for the site '\(found.site)', this run reads '\(wanted.site)'" }
        let before = settings(found.options), now = settings(wanted.options)
        var differences = [String]()
        for key in Set(before.keys).union(now.keys) where key != "fields" && before[key] != now[key] {
            differences.append("\(key)=\(before[key] ?? "(unset)") then, \(key)=\(now[key] ?? "(unset)") now")
        }
        if before["fields"] == nil {
            differences.append("written by an earlier version of cpvanity, which did not record the pack's fields")
        } else if before["fields"] != now["fields"] {
            differences.append("the pack's fields have changed since")
        }
        return differences.isEmpty ? "written by another version of cpvanity" : differences.sorted().joined(separator: "; ")
    }

    private static func settings(_ options: String) -> [String: String] {
        var settings = [String: String]()
        for item in options.split(separator: " ") {
            let parts = item.split(separator: "=", maxSplits: 1)
            settings[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return settings
    }
}

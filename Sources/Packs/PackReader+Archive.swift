import Foundation
import TOMLKit

/// The `[archive]` section.
extension PackReader {
    mutating func readArchive(_ root: TOMLTable) -> ArchiveSpec {
        let fallback = ArchiveSpec.wayback
        guard let table = table(root, "archive", at: "", required: false) else { return fallback }
        checkKeys(table, at: "archive", allowed: ["base", "cdx", "timemap", "capture", "rate", "concurrency", "user_agent"])
        let base = string(table, "base", at: "archive") ?? fallback.base
        if URL(string: base)?.scheme == nil {
            problems.append(PackProblem(location: "archive.base", message: "'\(base)' is not an absolute URL (e.g. https://web.archive.org)"))
        }
        let cdx = string(table, "cdx", at: "archive")
        let timeMap = string(table, "timemap", at: "archive")
        let capture = string(table, "capture", at: "archive") ?? fallback.capture
        if cdx == nil && timeMap == nil && table["cdx"] == nil && table["timemap"] == nil {
            problems.append(PackProblem(location: "archive", message: "names no way to list captures; add cdx = '...' or timemap = '...'"))
        }
        for (key, template) in [("cdx", cdx), ("timemap", timeMap), ("capture", capture)] {
            if let template, !template.contains("{url}") {
                problems.append(PackProblem(location: "archive.\(key)", message: "has no {url} placeholder"))
            }
        }
        if !capture.contains("{timestamp}") {
            problems.append(PackProblem(location: "archive.capture", message: "has no {timestamp} placeholder"))
        }
        var rate = fallback.rate
        if let value = table["rate"] {
            if let number = value.double ?? value.int.map(Double.init), number.isFinite, number > 0, number <= 100 {
                rate = number
            } else {
                problems.append(PackProblem(location: "archive.rate", message: "must be a number of requests a second above 0, at most 100, not \(describe(value))"))
            }
        }
        let concurrency = positive(table, "concurrency", at: "archive").map { Int(min($0, 16)) } ?? fallback.concurrency
        return ArchiveSpec(base: base, cdx: cdx, timeMap: timeMap, capture: capture, rate: rate, concurrency: concurrency,
                           userAgent: string(table, "user_agent", at: "archive") ?? fallback.userAgent)
    }
}

import Foundation
import TOMLKit

/// The `[archive]` section.
extension PackReader {
    mutating func readArchive(_ root: TOMLTable) -> ArchiveSpec {
        let fallback = ArchiveSpec.wayback
        guard let table = table(root, "archive", at: "", required: false) else { return fallback }
        checkKeys(table, at: "archive", allowed: ["base", "cdx", "timemap", "capture", "rate", "index_rate", "playback_rate", "concurrency", "user_agent", "pause_after_429"])
        let base = string(table, "base", at: "archive") ?? fallback.base
        checkBase(base, at: "archive.base", example: "https://web.archive.org")
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
        // Two budgets, as the archive publishes them; `rate` (older packs) caps both.
        let ceiling = archiveRate(table, "rate")
        let indexRate = min(archiveRate(table, "index_rate") ?? fallback.indexRate, ceiling ?? .infinity)
        let playbackRate = min(archiveRate(table, "playback_rate") ?? fallback.playbackRate, ceiling ?? .infinity)
        let concurrency = positive(table, "concurrency", at: "archive").map { Int(min($0, 16)) } ?? fallback.concurrency
        var spec = ArchiveSpec(base: base, cdx: cdx, timeMap: timeMap, capture: capture, indexRate: indexRate, playbackRate: playbackRate,
                               concurrency: concurrency, userAgent: string(table, "user_agent", at: "archive") ?? fallback.userAgent)
        if let value = table["pause_after_429"] {
            if let seconds = value.double ?? value.int.map(Double.init), seconds.isFinite, seconds >= 1, seconds <= 3600 {
                spec.pauseAfter429 = seconds
            } else {
                problems.append(PackProblem(location: "archive.pause_after_429", message: "must be a number of seconds from 1 to 3600, not \(describe(value))"))
            }
        }
        return spec
    }

    /// A rate key of `[archive]`: requests a second, above 0, at most 100.
    private mutating func archiveRate(_ table: TOMLTable, _ key: String) -> Double? {
        guard let value = table[key] else { return nil }
        if let number = value.double ?? value.int.map(Double.init), number.isFinite, number > 0, number <= 100 { return number }
        problems.append(PackProblem(location: "archive.\(key)", message: "must be a number of requests a second above 0, at most 100, not \(describe(value))"))
        return nil
    }
}

import Files
import Foundation

/// robots.txt answers kept on disk between runs, beside the machine's budgets: RFC 9309
/// (2.4) lets a crawler use a robots.txt it fetched for up to 24 hours, and the answer's
/// own `Cache-Control` may say less (`max-age`) or nothing at all (`no-store`,
/// `no-cache`). So a run right after another (a resume after Ctrl-C, the next shard)
/// asks no robots.txt again: its first request is its first page, not a robots.txt
/// that the site's pace then makes the page wait a slot for. Only answers that are
/// rules are kept (a 2xx, or a 4xx: no rules); a 5xx or no answer is asked again.
struct KeptRobots: Sendable {
    let directory: String

    /// RFC 9309's longest.
    static let longest = 86_400.0
    /// The most of a robots.txt read (RFC 9309 asks parsers for at least 500 KiB).
    static let mostBytes = 512 * 1024

    /// The rules kept for `origin`, while they may still be used, and until when.
    func rules(for origin: String, now: Date = Date()) -> (rules: RobotsRules, until: Date)? {
        guard let handle = FileHandle(forReadingAtPath: path(origin)),
              let data = try? handle.read(upToCount: KeptRobots.mostBytes + 128) else { return nil }
        try? handle.close()
        let bytes = [UInt8](data)
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        // "cpvanity-robots <fetched at> <seconds kept>": anything else (a torn or hostile
        // file) is nothing kept, and a time in the future is no use.
        let words = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard words.count == 3, words[0] == "cpvanity-robots", let fetched = Double(words[1]), let seconds = Double(words[2]),
              fetched.isFinite, seconds.isFinite else { return nil }
        let age = now.timeIntervalSince1970 - fetched
        let keptFor = min(seconds, KeptRobots.longest)
        guard age >= 0, age < keptFor else { return nil }
        return (RobotsRules(parsing: String(decoding: bytes[(newline + 1)...].prefix(KeptRobots.mostBytes), as: UTF8.self)),
                Date(timeIntervalSince1970: fetched + keptFor))
    }

    /// Keeps `text` (a 4xx: "") as `origin`'s robots.txt for `seconds`.
    func keep(_ text: String, for origin: String, seconds: Double, now: Date = Date()) {
        guard seconds > 0, (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        let header = "cpvanity-robots \(now.timeIntervalSince1970) \(min(seconds, KeptRobots.longest))\n"
        _ = AtomicReplacement.replace(path(origin), with: Array(header.utf8) + Array(text.utf8).prefix(KeptRobots.mostBytes), synced: false)
    }

    /// How long an answer may be kept: 24 hours, less where its `Cache-Control` says.
    static func seconds(cacheControl: String?) -> Double {
        guard let cacheControl else { return longest }
        var seconds = longest
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch parts.first {
            case "no-store", "no-cache": return 0
            case "max-age", "s-maxage":
                guard parts.count == 2, let age = BoundedSeconds.parse(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) else { return 0 }
                seconds = min(seconds, age)
            default: continue
            }
        }
        return seconds
    }

    private func path(_ origin: String) -> String {
        (directory as NSString).appendingPathComponent(HostFileName.safe(origin) + ".robots")
    }
}

/// A host (or an origin) as a file name: letters, digits, dots, dashes; anything else
/// is `_`, so no name from outside leads out of its directory.
enum HostFileName {
    static func safe(_ text: String) -> String {
        let safe = text.unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-")) ? Character(scalar) : "_"
        }
        return String(String(safe).trimmingCharacters(in: CharacterSet(charactersIn: ".")).prefix(200))
    }
}

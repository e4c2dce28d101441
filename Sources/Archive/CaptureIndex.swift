import Foundation
import PageText

/// The list of captures an archive gives for a URL: the Wayback Machine's CDX server
/// (JSON output) or any Memento archive's TimeMap (link format, RFC 7089).
public enum CaptureIndex {
    /// More than this many bytes of index is not an index a member page has.
    public static let largestIndex = 32 * 1024 * 1024

    /// A CDX JSON answer: an array of rows, the first naming the fields. Rows
    /// without a readable timestamp or URL are left out.
    public static func cdx(_ body: [UInt8], url: String) throws(ArchiveError) -> [Capture] {
        guard body.count <= largestIndex else { throw .badIndex(url: url, why: "over \(largestIndex / 1_048_576) MiB") }
        // An empty answer is how a CDX server says "no captures".
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [] }
        let rows: [[Any]]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(body)) as? [[Any]] else {
                throw ArchiveError.badIndex(url: url, why: "not a JSON array of rows")
            }
            rows = parsed
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .badIndex(url: url, why: "not JSON (\(error.localizedDescription))")
        }
        guard let header = rows.first?.compactMap({ $0 as? String }) else { return [] }
        guard let timestampColumn = header.firstIndex(of: "timestamp"), let originalColumn = header.firstIndex(of: "original") else {
            throw .badIndex(url: url, why: "its first row names no 'timestamp' and 'original' fields")
        }
        let statusColumn = header.firstIndex(of: "statuscode")
        return rows.dropFirst().compactMap { row -> Capture? in
            guard row.count > max(timestampColumn, originalColumn),
                  let stamp = (row[timestampColumn] as? String).flatMap(ArchiveTimestamp.init),
                  let original = row[originalColumn] as? String else { return nil }
            let status = statusColumn.flatMap { $0 < row.count ? row[$0] as? String : nil }.flatMap { Int($0) }
            return Capture(timestamp: stamp, original: original, status: status)
        }.sorted { $0.timestamp < $1.timestamp }
    }

    /// A TimeMap in link format: each `<URL>; rel="... memento ..."; datetime="..."`
    /// entry is a capture; the capture's timestamp is taken from its `datetime`.
    public static func timeMap(_ body: [UInt8], url: String) throws(ArchiveError) -> [Capture] {
        guard body.count <= largestIndex else { throw .badIndex(url: url, why: "over \(largestIndex / 1_048_576) MiB") }
        let text = String(decoding: body, as: UTF8.self)
        var original = url
        var captures = [Capture]()
        for entry in linkEntries(text) {
            let rel = entry.parameters["rel"]?.split(separator: " ").map(String.init) ?? []
            if rel.contains("original") { original = entry.target }
            guard rel.contains("memento"), let datetime = entry.parameters["datetime"],
                  let date = InstantText.parse(datetime) else { continue }
            captures.append(Capture(timestamp: ArchiveTimestamp(date), original: original))
        }
        return captures.sorted { $0.timestamp < $1.timestamp }
    }

    /// The entries of a link-format document: `<target>` and its `; name="value"` parameters.
    static func linkEntries(_ text: String) -> [(target: String, parameters: [String: String])] {
        var entries = [(target: String, parameters: [String: String])]()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // Parameters run to the next entry: a comma outside quotes.
            var parameters = [String: String]()
            var inQuotes = false
            var end = rest.endIndex
            for index in rest.indices {
                if rest[index] == "\"" { inQuotes.toggle() }
                if rest[index] == "," && !inQuotes { end = index; break }
            }
            for part in rest[..<end].split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let name = pair[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                let value = pair[1].trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                parameters[name] = value
            }
            entries.append((target, parameters))
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
        }
        return entries
    }
}

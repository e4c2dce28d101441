import Foundation
import PageText

/// The list of captures an archive gives for a URL as a Memento TimeMap (link format,
/// RFC 7089), and the link format itself (TimeMaps, `Link` headers). CDX answers are
/// `CDXAnswer`'s.
public enum CaptureIndex {
    /// More than this many bytes of index is not an index a member page has.
    public static let largestIndex = 32 * 1024 * 1024

    /// A TimeMap in link format (RFC 7089) as archives send them: each entry whose
    /// `rel` tokens include `memento` is a capture (`first memento`, `prev first memento`
    /// and `first last memento` too), in any order, the same capture given twice counted
    /// once, a last line ending in a comma or not, `self` and `timegate` entries (bare or
    /// full) passed over. Each capture keeps its memento URI, which is where the archive
    /// serves it, and the original it names after its timestamp (its scheme, `www.` and
    /// `:80` vary from capture to capture); scheme-relative URIs (`//archive/...`) take
    /// the scheme of `url`.
    public static func timeMap(_ body: [UInt8], url: String) throws(ArchiveError) -> [Capture] {
        guard body.count <= largestIndex else { throw .badIndex(url: url, why: "over \(largestIndex / 1_048_576) MiB") }
        let text = String(decoding: body, as: UTF8.self)
        let entries = linkEntries(text)
        // Link format names each link's relation; an HTML page (an error) names none.
        if !CDXAnswer.isBlank(body) && !entries.contains(where: { $0.parameters["rel"] != nil }) {
            throw .badIndex(url: url, why: "not a TimeMap (\(CDXAnswer.firstLine(body)))")
        }
        let scheme = URL(string: url)?.scheme ?? "https"
        var original = url
        for entry in entries where entry.rel.contains("original") { original = entry.target }
        var seen = Set<String>()
        var captures = [Capture]()
        for entry in entries where entry.rel.contains("memento") {
            let memento = entry.target.hasPrefix("//") ? "\(scheme):\(entry.target)" : entry.target
            guard let datetime = entry.parameters["datetime"], let date = InstantText.parse(datetime),
                  seen.insert(memento + "|" + datetime).inserted else { continue }
            let named = mementoParts(memento)
            let stamp = named.flatMap { ArchiveTimestamp($0.timestamp) } ?? ArchiveTimestamp(date)
            captures.append(Capture(timestamp: stamp, original: named?.original ?? original, memento: memento))
        }
        return captures.sorted { $0.timestamp < $1.timestamp }
    }

    /// `https://web.archive.org/web/20080315120000/http://x/` → ("20080315120000", "http://x/"):
    /// the timestamp segment (with any modifier, `mp_`) and the original after it.
    public static func mementoParts(_ memento: String) -> (timestamp: String, original: String)? {
        guard let scheme = memento.range(of: "://") else { return nil }
        var searchFrom = scheme.upperBound
        while let slash = memento[searchFrom...].firstIndex(of: "/") {
            let segmentStart = memento.index(after: slash)
            guard let segmentEnd = memento[segmentStart...].firstIndex(of: "/") else { return nil }
            let segment = memento[segmentStart..<segmentEnd]
            let digits = segment.prefix { $0.isASCII && $0.isNumber }
            let modifier = segment.dropFirst(digits.count)
            if digits.count == 14, modifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) {
                let original = String(memento[memento.index(after: segmentEnd)...])
                if original.contains("://") || original.hasPrefix("http") { return (String(digits), original) }
            }
            searchFrom = segmentEnd
        }
        return nil
    }

    /// A memento URI as its raw capture: the timestamp segment's modifier made `id_`
    /// (the page as the site sent it, without the archive's banner or rewritten links);
    /// a URI without a timestamp segment is used as it is.
    public static func rawMemento(_ memento: String) -> String {
        guard let parts = mementoParts(memento), let range = memento.range(of: "/\(parts.timestamp)") else { return memento }
        let afterDigits = range.upperBound
        guard let slash = memento[afterDigits...].firstIndex(of: "/") else { return memento }
        return String(memento[..<afterDigits]) + "id_" + String(memento[slash...])
    }

    /// One entry of a link-format document: `<target>` and its `; name="value"` parameters.
    public struct LinkEntry: Sendable, Equatable {
        public let target: String
        public let parameters: [String: String]
        /// The `rel` parameter's space-separated tokens, lower-cased (`first`, `memento`).
        public var rel: [String] { (parameters["rel"] ?? "").lowercased().split(separator: " ").map(String.init) }
    }

    /// The entries of a link-format document or `Link` header. Entries part at commas
    /// outside quotes and angle brackets: datetimes hold commas (`Sat, 31 Mar 2001`).
    public static func linkEntries(_ text: String) -> [LinkEntry] {
        var entries = [LinkEntry]()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: close)...]
            // Parameters run to the next entry: a comma outside quotes.
            var parameters = [String: String]()
            var inQuotes = false
            var end = rest.endIndex
            for index in rest.indices {
                if rest[index] == "\"" { inQuotes.toggle() }
                if (rest[index] == "," || rest[index] == "<") && !inQuotes { end = index; break }
            }
            for part in rest[..<end].split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let name = pair[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                let value = pair[1].trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                parameters[name] = value
            }
            entries.append(LinkEntry(target: target, parameters: parameters))
            rest = end < rest.endIndex ? rest[(rest[end] == "," ? rest.index(after: end) : end)...] : rest[rest.endIndex...]
        }
        return entries
    }
}

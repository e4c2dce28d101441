import Foundation

/// One page of a CDX server's answer (the Wayback Machine's `/cdx/search/cdx`, pywb's),
/// as the real servers send it: JSON (an array of rows, the first naming the fields;
/// with `", "` inside rows on older servers, compact on newer) or plain text (a line
/// per capture, fields apart by single spaces, in `fl=` order or the default seven).
/// Exact duplicate rows, which are normal, count once; rows whose original is not a
/// web address (`http://mailto:...`, `data:` "URLs") or whose timestamp names no
/// moment are left out; `-` in any field is unknown. With `showResumeKey=true` and a
/// `limit`, a page ends with its resume key (JSON: an empty row, then `["<key>"]`;
/// text: an empty line, then the key), and a page with no rows ends the list.
public struct CDXAnswer: Sendable, Equatable {
    public var captures: [Capture]
    /// The key to send back (`resumeKey=`) for the next page; nil on the last page.
    public var resumeKey: String?
    /// Rows read but left out: not a web address, or no moment.
    public var leftOut = 0

    /// The default fields of a text answer.
    public static let defaultFields = ["urlkey", "timestamp", "original", "mimetype", "statuscode", "digest", "length"]

    public init(captures: [Capture], resumeKey: String? = nil, leftOut: Int = 0) {
        self.captures = captures
        self.resumeKey = resumeKey
        self.leftOut = leftOut
    }

    /// A JSON answer. `url` names the index in errors.
    public static func json(_ body: [UInt8], url: String) throws(ArchiveError) -> CDXAnswer {
        try checkSize(body, url: url)
        // An empty answer is how a CDX server says "no captures" (and "no more" to a resume key).
        if isBlank(body) { return CDXAnswer(captures: []) }
        let rows: [[Any]]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(body)) as? [[Any]] else {
                throw ArchiveError.badIndex(url: url, why: "not a JSON array of rows")
            }
            rows = parsed
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .badIndex(url: url, why: "not JSON (\(firstLine(body)))")
        }
        guard let header = rows.first?.compactMap({ $0 as? String }) else { return CDXAnswer(captures: []) }
        var data = Array(rows.dropFirst())
        var resumeKey: String?
        // The resume key: an empty row, then a row of one string.
        if data.count >= 2, data[data.count - 2].isEmpty, data[data.count - 1].count == 1, let key = data[data.count - 1].first as? String {
            resumeKey = key
            data.removeLast(2)
        }
        return try answer(data.map { $0.map { ($0 as? String) ?? "\($0)" } }, fields: header, url: url, resumeKey: resumeKey)
    }

    /// A plain-text answer, its lines in `fields` order (`fl=`; the default seven without it).
    public static func text(_ body: [UInt8], url: String, fields: [String] = defaultFields) throws(ArchiveError) -> CDXAnswer {
        try checkSize(body, url: url)
        let text = String(decoding: body, as: UTF8.self)
        if text.hasPrefix("[") { return try json(body, url: url) }
        // Lines as sent; a line of spaces is as empty as an empty one (the documentation's examples have one).
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        func blank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
        while let last = lines.last, blank(last) { lines.removeLast() }
        var resumeKey: String?
        // The resume key stands alone after an empty line.
        if lines.count >= 2, blank(lines[lines.count - 2]) {
            resumeKey = lines.removeLast().trimmingCharacters(in: .whitespaces)
            lines.removeLast()
        }
        return try answer(lines.filter { !blank($0) }.map { $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init) },
                          fields: fields, url: url, resumeKey: resumeKey)
    }

    private static func answer(_ rows: [[String]], fields: [String], url: String, resumeKey: String?) throws(ArchiveError) -> CDXAnswer {
        guard let timestampColumn = fields.firstIndex(of: "timestamp") else {
            throw .badIndex(url: url, why: "its fields (\(fields.joined(separator: " "))) have no timestamp")
        }
        let originalColumn = fields.firstIndex(of: "original")
        let statusColumn = fields.firstIndex(of: "statuscode")
        let mimeColumn = fields.firstIndex(of: "mimetype")
        var seen = Set<[String]>()
        var captures = [Capture]()
        var leftOut = 0
        for row in rows where seen.insert(row).inserted {
            func field(_ column: Int?) -> String? {
                guard let column, column < row.count, row[column] != "-" else { return nil }
                return row[column]
            }
            // Without an `original` field (fl=timestamp,statuscode) the capture is of the URL asked about.
            let original = field(originalColumn) ?? (originalColumn == nil ? "" : nil)
            guard let stamp = field(timestampColumn).flatMap(ArchiveTimestamp.init), let original,
                  original.isEmpty || isWebAddress(original) else {
                leftOut += 1
                continue
            }
            captures.append(Capture(timestamp: stamp, original: original, status: field(statusColumn).flatMap { Int($0) },
                                    revisit: field(mimeColumn) == "warc/revisit"))
        }
        // Rows come in urlkey order, then time; callers want time.
        captures.sort { $0.timestamp < $1.timestamp }
        return CDXAnswer(captures: captures, resumeKey: resumeKey, leftOut: leftOut)
    }

    /// An absolute http(s) address with a real host, of a length browsers take (2,048
    /// bytes): not `http://mailto:...`, not a `data:` URI of thousands of characters
    /// caught after a page's address.
    static func isWebAddress(_ text: String) -> Bool {
        guard text.utf8.count <= 2048, let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty, !host.contains(":"),
              !(parts.user?.lowercased() == "mailto"), host.contains(".") || host == "localhost" else { return false }
        return !text.lowercased().hasPrefix("http://mailto:") && !text.lowercased().hasPrefix("https://mailto:")
    }

    static func checkSize(_ body: [UInt8], url: String) throws(ArchiveError) {
        guard body.count <= CaptureIndex.largestIndex else { throw .badIndex(url: url, why: "over \(CaptureIndex.largestIndex / 1_048_576) MiB") }
    }

    static func isBlank(_ body: [UInt8]) -> Bool {
        body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// The start of an answer, for messages.
    static func firstLine(_ body: [UInt8]) -> String {
        let line = String(decoding: body.prefix(200), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return line.count > 120 ? String(line.prefix(119)) + "…" : line
    }
}

import CSV
import Foundation
import Packs

/// Member IDs for a batch: one per line (blank lines and `#` comments skipped), or
/// a CSV column. Duplicates are dropped; IDs the pack rejects are set aside with
/// where they were, to be reported and skipped.
public struct IDList {
    public struct Rejected {
        public let id: String
        /// `file:line`.
        public let place: String
    }

    public let ids: [String]
    public let rejected: [Rejected]
    public let duplicates: Int

    /// The list with only the IDs (and rejected lines) `shard` holds.
    public func sharded(_ shard: Shard) -> IDList {
        IDList(ids: ids.filter(shard.contains), rejected: rejected.filter { shard.contains($0.id) }, duplicates: duplicates)
    }

    private init(ids: [String], rejected: [Rejected], duplicates: Int) {
        self.ids = ids
        self.rejected = rejected
        self.duplicates = duplicates
    }

    /// The list in `bytes`, which must be text (UTF-8, no NUL byte): a binary file
    /// named by mistake is one error naming it, not thousands of rejected "IDs".
    public init(bytes: Data, source: String, column: String?, pack: SitePack) throws(IDListError) {
        // Notepad's "Unicode": UTF-16 with its byte-order mark.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
           let text = String(data: bytes, encoding: .utf16), !text.contains("\u{0}") {
            try self.init(text: text, source: source, column: column, pack: pack)
            return
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw IDListError("\(source) is not a text file (a NUL byte at byte \(nul - bytes.startIndex + 1)); an ID list is text: one ID a line, or a CSV column")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw IDListError("\(source) is not UTF-8 text (\(IDList.firstInvalidByte(bytes))); an ID list is text: one ID a line, or a CSV column; save it as UTF-8")
        }
        try self.init(text: text, source: source, column: column, pack: pack)
    }

    /// Where the first byte that is not UTF-8 is: "byte 7 is 0xFF".
    static func firstInvalidByte(_ bytes: Data) -> String {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            let end = index + max(length, 1)
            guard length > 0, end <= bytes.endIndex, String(validating: bytes[index..<end], as: UTF8.self) != nil else {
                return "byte \(index - bytes.startIndex + 1) is 0x" + String(format: "%02X", lead)
            }
            index = end
        }
        return "it ends inside a character"
    }

    public init(text: String, source: String, column: String?, pack: SitePack) throws(IDListError) {
        // A list saved by a Windows editor starts with a byte-order mark.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var candidates = [(String, String)]()
        if let column {
            let reader: CSVReader
            do {
                reader = try CSVReader(string: text, hasHeaderRow: true, trimFields: true)
            } catch {
                throw IDListError("\(source) is not readable as CSV: \(error)")
            }
            guard let header = reader.headerRow, header.contains(column) else {
                throw IDListError("\(source) has no column '\(column)'; its columns are \(reader.headerRow?.joined(separator: ", ") ?? "none")")
            }
            var line = 1
            while reader.next() != nil {
                line += 1
                if let value = reader[column], !value.isEmpty { candidates.append((value, "\(source):\(line)")) }
            }
        } else {
            // Any line end: \n, \r\n (a list saved on Windows, one Character to Swift), \r.
            for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let id = content.trimmingCharacters(in: .whitespacesAndNewlines)
                if !id.isEmpty { candidates.append((id, "\(source):\(index + 1)")) }
            }
        }
        var seen = Set<String>()
        var ids = [String]()
        var rejected = [Rejected]()
        var duplicates = 0
        for (id, place) in candidates {
            guard seen.insert(id).inserted else { duplicates += 1; continue }
            // A page's address names its member too.
            if let member = IDValidation.member(id, pack: pack) {
                if member != id, !seen.insert(member).inserted { duplicates += 1; continue }
                ids.append(member)
            } else {
                rejected.append(Rejected(id: id, place: place))
            }
        }
        self.ids = ids
        self.rejected = rejected
        self.duplicates = duplicates
    }
}

public struct IDListError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

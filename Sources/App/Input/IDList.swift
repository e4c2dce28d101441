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

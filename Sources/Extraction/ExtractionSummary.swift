import Packs

/// How each field fared over many members' pages: what a batch or refresh reports at
/// its end, so that a site's change of markup is seen the day it happens rather than
/// read as a night of zeros.
public struct ExtractionSummary: Sendable, Equatable {
    /// One field on one source, over every page of that source that was fetched and read.
    public struct Entry: Sendable, Equatable {
        public let field: FieldPath
        public let source: String
        /// Pages the field was read on (for a collection's field: pages with rows).
        public var pages = 0
        /// Pages where the field (in any row) was missing.
        public var pagesMissing = 0
        /// Values: one per page, or per row for a collection's field.
        public var matched = 0
        public var defaulted = 0
        public var missing = 0
        /// Found but too large for its type, or outside the pack's range: not drift.
        public var unreadable = 0
        public var absent = 0

        /// Half or more of at least `minimumPages` pages lack a field the pack expects.
        public func drifted(minimumPages: Int) -> Bool {
            pages >= minimumPages && pagesMissing * 2 >= pages
        }
    }

    /// In the order fields were first seen (the pack's order).
    public private(set) var entries: [Entry] = []
    /// Members whose pages were read (fetched fine, and not "no such member").
    public private(set) var members = 0
    /// Where each field and source stands in `entries`: a batch adds every member's
    /// every field, so the search is not one down the list each time.
    private var positions: [Place: Int] = [:]

    private struct Place: Hashable, Sendable {
        let field: FieldPath
        let source: String
    }

    /// The fewest pages of a source on which a field must be missing half the time
    /// before the summary calls it drift: one odd page is not a changed site.
    public static let minimumPages = 5

    public init() {}

    public mutating func add(_ record: ExtractedRecord) {
        guard !record.outcomes.isEmpty else { return }
        members += 1
        for outcome in record.outcomes {
            let place = Place(field: outcome.field, source: outcome.source)
            let index: Int
            if let known = positions[place] {
                index = known
            } else {
                entries.append(Entry(field: outcome.field, source: outcome.source))
                index = entries.count - 1
                positions[place] = index
            }
            let values = outcome.matched + outcome.defaulted + outcome.missing + outcome.unreadable + outcome.absent
            guard values > 0 else { continue }
            entries[index].pages += 1
            if outcome.missing > 0 { entries[index].pagesMissing += 1 }
            entries[index].matched += outcome.matched
            entries[index].defaulted += outcome.defaulted
            entries[index].missing += outcome.missing
            entries[index].unreadable += outcome.unreadable
            entries[index].absent += outcome.absent
        }
    }

    /// Fields the pack expects that are missing on half or more of their pages.
    public var drift: [Entry] {
        entries.filter { $0.drifted(minimumPages: Self.minimumPages) }
    }

    /// "reputation.total found on 0 of 200 profile pages: ...", one per drifted field.
    public var driftWarnings: [String] {
        drift.map { entry in
            "\(entry.field) found on \(entry.pages - entry.pagesMissing) of \(entry.pages) \(entry.source) pages:"
                + " the site's markup has probably changed; see 'When the site changes' in docs/patterns.md"
        }
    }
}

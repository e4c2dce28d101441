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

        /// One page's outcome of the field; a page with none of its values is no page read.
        mutating func add(_ outcome: FieldOutcome) {
            guard outcome.matched + outcome.defaulted + outcome.missing + outcome.unreadable + outcome.absent > 0 else { return }
            pages += 1
            if outcome.missing > 0 { pagesMissing += 1 }
            matched += outcome.matched
            defaulted += outcome.defaulted
            missing += outcome.missing
            unreadable += outcome.unreadable
            absent += outcome.absent
        }

        /// Half or more of at least `minimumPages` pages lack a field the pack expects.
        public func drifted(minimumPages: Int) -> Bool {
            pages >= minimumPages && pagesMissing * 2 >= pages
        }
    }

    /// Members whose pages were read (fetched fine, and not "no such member").
    public private(set) var members = 0
    /// Each field and source's counts, where they were first met. A batch adds every
    /// member's every field, so they are found by place, not by a search down a list.
    private var counts: [Entry] = []
    private var places: [Place: Int] = [:]
    /// Where the last record's outcomes were counted, in its order: a batch's records
    /// list their outcomes in the pack's order, so the next record's are found here
    /// without hashing their places (hashing each was 1.4% of a batch's CPU).
    private var lastPlaces: [Int] = []
    /// Where the pack declares each field, and each source.
    private let fieldRanks: [FieldPath: Int]
    private let sourceRanks: [String: Int]

    private struct Place: Hashable, Sendable {
        let field: FieldPath
        let source: String
    }

    /// The fewest pages of a source on which a field must be missing half the time
    /// before the summary calls it drift: one odd page is not a changed site.
    public static let minimumPages = 5

    /// A summary of `pack`'s fields.
    public init(pack: SitePack) {
        let paths = pack.columns.fields.map(\.path) + pack.columns.lists.flatMap { $0.columns.map(\.path) }
        fieldRanks = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        sourceRanks = Dictionary(pack.sources.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// In the pack's order of fields, and of its sources (by name) for a field read from
    /// several: the same whichever member finished first (a field's value came from its
    /// profile for one member and its own page for another).
    public var entries: [Entry] {
        func key(_ entry: Entry) -> (Int, Int, String) {
            (fieldRanks[entry.field] ?? .max, sourceRanks[entry.source] ?? .max, entry.source + " " + entry.field.description)
        }
        return counts.sorted { key($0) < key($1) }
    }

    public mutating func add(_ record: ExtractedRecord) {
        guard !record.outcomes.isEmpty else { return }
        members += 1
        for (order, outcome) in record.outcomes.enumerated() {
            if order < lastPlaces.count, counts[lastPlaces[order]].field == outcome.field, counts[lastPlaces[order]].source == outcome.source {
                counts[lastPlaces[order]].add(outcome)
                continue
            }
            let place = Place(field: outcome.field, source: outcome.source)
            let index = places[place] ?? counts.count
            if index == counts.count {
                places[place] = index
                counts.append(Entry(field: outcome.field, source: outcome.source))
            }
            if order < lastPlaces.count { lastPlaces[order] = index } else { lastPlaces.append(index) }
            counts[index].add(outcome)
        }
    }

    /// The same members and counts, however each was found.
    public static func == (lhs: ExtractionSummary, rhs: ExtractionSummary) -> Bool {
        lhs.members == rhs.members && lhs.entries == rhs.entries
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

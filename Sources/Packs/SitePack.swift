import Matching

/// Everything cpvanity knows about one site, loaded from `patterns/<site>.toml` and
/// compiled once: where its pages are, what a member ID looks like, and the rules
/// that pull each field out of the pages.
public struct SitePack: Sendable {
    /// Short name, as `--site` takes it (`codeproject`).
    public let name: String
    /// Human name (`CodeProject`).
    public let title: String
    /// Where the pages live unless the user points elsewhere (`--base-url`).
    public let baseURL: String
    /// The file the pack was loaded from.
    public let file: String
    public let idRule: IDRule
    /// Sorted by name (TOML tables carry no order).
    public let sources: [SourceRule]
    /// Scalar fields, sorted by dotted name.
    public let fields: [FieldRule]
    /// Repeated rows (an articles list), sorted by name.
    public let collections: [CollectionRule]
    public let limits: MatchLimits
    public let report: ReportSpec
    /// Sorted by name.
    public let feeds: [FeedSpec]
    /// Where the site's pages live on once it is gone (`[archive]`; the Wayback Machine by default).
    public let archive: ArchiveSpec

    public init(name: String, title: String, baseURL: String, file: String, idRule: IDRule,
                sources: [SourceRule], fields: [FieldRule], collections: [CollectionRule], limits: MatchLimits,
                report: ReportSpec, feeds: [FeedSpec] = [], archive: ArchiveSpec = .wayback) {
        self.name = name
        self.title = title
        self.baseURL = baseURL
        self.file = file
        self.idRule = idRule
        self.sources = sources
        self.fields = fields
        self.collections = collections
        self.limits = limits
        self.report = report
        self.feeds = feeds
        self.archive = archive
    }

    public func source(named name: String) -> SourceRule? {
        sources.first { $0.name == name }
    }

    public func feed(named name: String) -> Result<FeedSpec, FeedLookupError> {
        guard let feed = feeds.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            return .failure(.unknownFeed(name, known: feeds.map(\.name)))
        }
        return .success(feed)
    }

    public func collection(named name: String) -> CollectionRule? {
        collections.first { $0.name == name }
    }
}

/// Which strings are member IDs on this site, checked before any request is made.
public struct IDRule: Sendable {
    public let pattern: String
    package let compiled: any CompiledPattern

    init(pattern: String, compiled: any CompiledPattern) {
        self.pattern = pattern
        self.compiled = compiled
    }

    /// True when the whole of `id` matches the pack's ID pattern.
    public func accepts(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let found = try? compiled.firstMatch(in: buffer, from: 0) else { return false }
            return found.range == 0..<buffer.count
        }
    }
}

/// One kind of page per member (`profile`, `articles`).
public struct SourceRule: Sendable {
    public let name: String
    /// With `{base}` and `{id}` placeholders.
    public let urlTemplate: String
    /// Any of these matching marks the page of a member that does not exist.
    package let missing: [any CompiledPattern]
    /// One of these must match a fetched page for it to be whole (`</html>`): a page
    /// cut short in transit (a Content-Length shorter than the body) is an error, not a
    /// short record.
    package let complete: [any CompiledPattern]

    init(name: String, urlTemplate: String, missing: [any CompiledPattern], complete: [any CompiledPattern] = []) {
        self.name = name
        self.urlTemplate = urlTemplate
        self.missing = missing
        self.complete = complete
    }

    /// False when the source says how a whole page ends and `page` does not.
    public func isComplete(_ page: [UInt8]) -> Bool {
        guard !complete.isEmpty else { return true }
        return page.withUnsafeBufferPointer { buffer in
            complete.contains { (try? $0.firstRange(of: 0, in: buffer, from: 0)) != nil }
        }
    }

    /// The `complete` patterns, for messages.
    public var completePatterns: [String] { complete.map(\.pattern) }

    public func url(base: String, id: String) -> String {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        // By hand, not replacingOccurrences: a batch builds two URLs per member.
        var url = ""
        var rest = urlTemplate[...]
        while let open = rest.firstIndex(of: "{") {
            url += rest[..<open]
            let after = rest[open...]
            if after.hasPrefix("{base}") {
                url += trimmed
                rest = after.dropFirst("{base}".count)
            } else if after.hasPrefix("{id}") {
                url += id
                rest = after.dropFirst("{id}".count)
            } else {
                url += "{"
                rest = after.dropFirst()
            }
        }
        return url + rest
    }
}

/// One named value and how to find it: alternatives tried in order, first match wins.
/// A class, like `CollectionRule`: rules are shared, never changed, and passed
/// around for every row of every page, where copying a struct's fields would cost.
public final class FieldRule: Sendable {
    /// Dotted path (`reputation.author.points`); output nests on the dots.
    public let name: String
    public let type: FieldType
    public let alternatives: [Alternative]
    /// Used when no alternative matches but the page shows the part the field lives
    /// in (a `within` matched, or a `present` pattern did); nil means no default.
    public let defaultValue: FieldValue?
    /// True when the field may be absent from a page without that being a problem (an
    /// article's downloads, an avatar). A field that is not optional and is not found
    /// is null and an extraction problem: never a zero.
    public let optional: Bool
    /// Patterns that show the part of the page the field lives in, so that its
    /// default may apply there (a category the reputation table does not list is 0;
    /// a page with no reputation table is not).
    package let present: [any CompiledPattern]
    /// Captured text → replacement, applied (case-insensitively) before the type conversion.
    public let map: [String: String]?

    init(name: String, type: FieldType, alternatives: [Alternative], defaultValue: FieldValue?, optional: Bool,
         present: [any CompiledPattern] = [], map: [String: String]?) {
        self.name = name
        self.type = type
        self.alternatives = alternatives
        self.defaultValue = defaultValue
        self.optional = optional
        self.present = present
        self.map = map
    }

    /// The sources this field reads, in the order its alternatives try them.
    /// True when some alternative narrows with a `within` (whose match shows the field's part).
    package var narrows: Bool { alternatives.contains { !$0.within.isEmpty } }

    public var sources: [String] {
        var seen = [String]()
        for alternative in alternatives where !seen.contains(alternative.source) { seen.append(alternative.source) }
        return seen
    }
}

/// One way of finding a field: narrow the page with each `within` in turn, then match.
/// A class for the reason `FieldRule` is one.
public final class Alternative: Sendable {
    public let source: String
    package let within: [Narrowing]
    package let pattern: any CompiledPattern
    package let group: Int

    init(source: String, within: [Narrowing], pattern: any CompiledPattern, group: Int) {
        self.source = source
        self.within = within
        self.pattern = pattern
        self.group = group
    }

    public var patternText: String { pattern.pattern }
}

/// A pattern that cuts the text down to one region: its first capture group when it
/// has one, else its whole match.
package struct Narrowing: Sendable {
    package let pattern: any CompiledPattern
    /// The same for every `within` of a pack with the same pattern (and case rule):
    /// fourteen fields inside one table find the table once per page, not fourteen times.
    package let slot: Int
    package var group: Int { pattern.captureCount > 0 ? 1 : 0 }
}

/// A list of rows on one page (the articles list), each row with its own fields.
public final class CollectionRule: Sendable {
    public let name: String
    public let source: String
    package let within: [Narrowing]
    /// Alternatives; the first that finds any row wins.
    package let rowCuts: [RowCut]
    public let fields: [FieldRule]

    init(name: String, source: String, within: [Narrowing], rowCuts: [RowCut], fields: [FieldRule]) {
        self.name = name
        self.source = source
        self.within = within
        self.rowCuts = rowCuts
        self.fields = fields
    }
}

/// How a pattern cuts a region into rows.
package struct RowCut: Sendable {
    package enum Mode: Sendable {
        /// Each match is a row.
        case match
        /// Each match starts a row, which runs to the next match (or the region's end).
        /// Suits markup where rows hold nested tables that a single pattern cannot span.
        case start
    }

    package let pattern: any CompiledPattern
    package let mode: Mode
}

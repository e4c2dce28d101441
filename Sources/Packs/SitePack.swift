import Foundation
import PageText
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
    /// Scalar fields, in the order the pack declares them.
    public let fields: [FieldRule]
    /// Repeated rows (an articles list), in the pack's order.
    public let collections: [CollectionRule]
    /// Figures computed from the rows (`[stats.<name>]`), in the pack's order; none: records have no `stats`.
    public let stats: [StatRule]
    public let limits: MatchLimits
    public let report: ReportSpec
    /// Sorted by name.
    public let feeds: [FeedSpec]
    /// Where the site's pages live on once it is gone (`[archive]`; the Wayback Machine by default).
    public let archive: ArchiveSpec
    /// Every value its records hold, as outputs show them.
    public let columns: RecordColumns

    public init(name: String, title: String, baseURL: String, file: String, idRule: IDRule,
                sources: [SourceRule], fields: [FieldRule], collections: [CollectionRule], stats: [StatRule] = [], limits: MatchLimits,
                report: ReportSpec, feeds: [FeedSpec] = [], archive: ArchiveSpec = .wayback) {
        self.name = name
        self.title = title
        self.baseURL = baseURL
        self.file = file
        self.idRule = idRule
        self.sources = sources
        self.fields = fields
        self.collections = collections
        self.stats = stats
        self.limits = limits
        self.report = report
        self.feeds = feeds
        self.archive = archive
        columns = RecordColumns(fields: fields, collections: collections, stats: stats)
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

    /// Some field reads counts as pages show them rounded (`type = "rounded"`).
    public var hasRoundedFields: Bool {
        fields.contains { $0.type.mayBeRounded } || collections.contains { $0.fields.contains { $0.type.mayBeRounded } }
    }

    public func collection(named name: String) -> CollectionRule? {
        collections.first { $0.name == name }
    }

    public func field(named name: String) -> FieldRule? {
        fields.first { $0.name == name }
    }

    /// A statistic by its name (`total_views`), or by its record path (`stats.total_views`).
    public func stat(named name: String) -> StatRule? {
        let bare = name.hasPrefix("stats.") ? String(name.dropFirst("stats.".count)) : name
        return stats.first { $0.name == bare }
    }

    /// The collection listed row by row (`[report] collection`).
    public var reportCollection: CollectionRule? {
        report.collection.flatMap(collection(named:))
    }

    /// The collections the statistics read.
    public var statCollections: [String] {
        var names = [String]()
        for stat in stats { if let collection = stat.collection, !names.contains(collection) { names.append(collection) } }
        return names
    }

    /// What people read a value as, by its key: a field's label, a statistic's (or its
    /// part's), a list's field's (`<list>.<field>`); else the key itself.
    public func label(of key: String) -> String { columns.label(of: key) }

    /// The label of a row field of the report's collection.
    public func rowLabel(_ field: String) -> String {
        reportCollection?.field(named: field)?.displayName ?? field
    }
}

/// What a pack's names are made of: its site's (what `--site` takes, and its saved
/// pages' directory, Fixtures/<name>), its sources' (saved pages' file names), its
/// fields' and lists' (JSON keys, CSV columns). Letters, digits, `_` and `-`, so that
/// none can hide a path.
public enum PackName {
    public static func isUsable(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// The record's own keys: a pack field of these names would overwrite or hide them.
    public static let reserved: Set<String> = ["schema", "id", "site", "fetched_at", "sources", "archived_at", "stats", "changes", "errors", "error", "rounded"]

    /// What is wrong with `name` as the name of a pack's `what` (a field, a source),
    /// in words; nil where it is usable. `dotted`: parts between dots (`stats.views`);
    /// `reserved`: the record's own keys are taken.
    public static func problem(with name: String, what: String, dotted: Bool, reserved: Bool, startsWithLetter: Bool = true) -> String? {
        let parts = dotted ? name.split(separator: ".", omittingEmptySubsequences: false).map(String.init) : [name]
        let valid = parts.allSatisfy { part in isUsable(part) && (!startsWithLetter || part.first.map { $0.isLetter || $0 == "_" } == true) }
        if !valid {
            let start = startsWithLetter ? ", starting with a letter" : ""
            return "'\(name)' is not a usable \(what) name: use letters, digits, _ and -\(start)\(dotted ? " (dots between parts)" : "")"
        }
        if reserved, let first = parts.first, Self.reserved.contains(first) {
            return "'\(name)' is one of the record's own keys (\(Self.reserved.sorted().joined(separator: ", "))); name the \(what) something else"
        }
        return nil
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

    /// True when the whole of `id` matches the pack's ID pattern. Whatever the pattern,
    /// an ID names saved pages (`<source>-<id>.html`) and goes into URLs: one holding a
    /// `/` or `\`, a control character, or starting with a dot (a pack's loose pattern
    /// meeting a hostile list of IDs) is never one.
    public func accepts(_ id: String) -> Bool {
        !id.isEmpty && !IDRule.holdsAPath(id) && matchesWhole(id)
    }

    /// What an ID must be, for a message refusing `refused`: the pattern, and the rule
    /// on paths where one of them matched the pattern all the same.
    public func requirement(refusing refused: [String]) -> String {
        "an ID must match \(pattern)" + (refused.contains(where: matchesWhole) ? ", and hold no / or \\, no control character, nor begin with a dot" : "")
    }

    private static func holdsAPath(_ id: String) -> Bool {
        id.hasPrefix(".") || id.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control }
    }

    private func matchesWhole(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let found = try? compiled.firstMatch(in: buffer, from: 0) else { return false }
            return found.range == 0..<buffer.count
        }
    }
}

/// One named value and how to find it: alternatives tried in order, first match wins.
/// A class, like `CollectionRule`: rules are shared, never changed, and passed
/// around for every row of every page, where copying a struct's fields would cost.
public final class FieldRule: Sendable {
    /// Dotted path (`reputation.author.points`); output nests on the dots.
    public let name: String
    /// `name`'s parts between its dots (`["reputation", "author", "points"]`), split
    /// once here rather than for every record written.
    public let keyParts: [String]
    public let type: FieldType
    public let alternatives: [Alternative]
    /// The value where the page shows that there is none (an `absent` pattern matched,
    /// or the field's part lacks its `present` sign); nil means null there.
    public let defaultValue: FieldValue?
    /// The value's own sign, where it is shown (its label, its cell): where one
    /// matches, the value is expected, and not reading it is a problem; a row or a
    /// `within` part that has none shows that the value is absent there (a category
    /// the reputation table does not list is 0; a page with no table is unknown).
    package let present: [any CompiledPattern]
    /// The page's own sign that there is no value (its words or markup for none:
    /// "hasn't answered any questions yet", a layout that has no such part). A field
    /// that is not found is absent (its default, else null, with no problem) only
    /// where one of these matches or its part lacks its `present` sign; everywhere
    /// else it is unknown: null with a problem, never a zero.
    package let absent: [any CompiledPattern]
    /// Captured text → replacement, applied (case-insensitively) before the type conversion.
    public let map: [String: String]?
    /// What people read it as (`Author points`); nil: its name.
    public let label: String?
    /// The range a number on the site can take (`min`, `max`): a value outside it is
    /// unreadable, not a number to print; and the record schema says so.
    public let bounds: ValueBounds
    /// A date field's century for two-digit years (2000: "21" is 2021); nil: four digits.
    public let century: Int?
    /// False (`changes = false`) for a value that moves with time alone ("Member for 13
    /// years", "Last seen today"): kept in the history, never reported as a change.
    public let reportsChanges: Bool

    init(name: String, type: FieldType, alternatives: [Alternative], defaultValue: FieldValue?,
         present: [any CompiledPattern] = [], absent: [any CompiledPattern] = [], map: [String: String]?, label: String? = nil,
         bounds: ValueBounds = ValueBounds(), century: Int? = nil, reportsChanges: Bool = true) {
        self.century = century
        self.reportsChanges = reportsChanges
        self.name = name
        keyParts = name.split(separator: ".").map(String.init)
        self.type = type
        self.alternatives = alternatives
        self.defaultValue = defaultValue
        self.present = present
        self.absent = absent
        self.map = map
        self.label = label
        self.bounds = bounds
    }

    /// Its label, else its name.
    public var displayName: String { label ?? name }

    /// The sources this field reads, in the order its alternatives try them.
    public var sources: [String] {
        var seen = [String]()
        for alternative in alternatives where !seen.contains(alternative.source) { seen.append(alternative.source) }
        return seen
    }
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
    /// What people call the list (`Articles`) and one of its rows (`article`).
    public let label: String?
    public let item: String?
    /// The list's own sign, where it is shown (its heading): rows are then expected,
    /// and none read is a problem, not an empty list.
    package let present: [any CompiledPattern]
    /// The page's own sign that the list has no rows ("doesn't have any public
    /// repositories yet", a layout without the list): the list is empty, `[]`, only
    /// where one matches; a section not found or without rows is unknown otherwise.
    package let absent: [any CompiledPattern]

    init(name: String, source: String, within: [Narrowing], rowCuts: [RowCut], fields: [FieldRule],
         label: String? = nil, item: String? = nil, present: [any CompiledPattern] = [], absent: [any CompiledPattern] = []) {
        self.present = present
        self.absent = absent
        self.name = name
        self.source = source
        self.within = within
        self.rowCuts = rowCuts
        self.fields = fields
        self.label = label
        self.item = item
    }

    public func field(named name: String) -> FieldRule? {
        fields.first { $0.name == name }
    }

    /// Its label, else its name.
    public var displayName: String { label ?? name }
    /// One row, as a word (`article`); else the collection's name.
    public var itemName: String { item ?? name }
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

import Archive
import Extraction
import Foundation
import Packs

/// One member looked up: where the pages came from, what the rules found, and
/// everything that went wrong (empty when the lookup succeeded).
public struct MemberRecord: Sendable, Codable {
    public let id: String
    public let site: String
    public let fetchedAt: Date
    /// Where each page came from, in the pack's source order.
    public let sources: [Source]
    public internal(set) var extracted: ExtractedRecord
    public let errors: [MemberError]
    /// What changed since the member's previous snapshot in the history, by place: a
    /// field (`reputation.total`), or a row's field by the row's key
    /// (`articles[/Articles/5012773/x].views`). Empty when nothing changed or there is no history.
    public var changes: [FieldPath: FieldChange] = [:]
    /// When the history last saw this member before this lookup; nil for a first lookup
    /// or without a history.
    public var previousLookup: Date?
    /// For a lookup in a web archive: the capture each source was read from (its time
    /// is when the page showed these values; `fetchedAt` stays when it was read).
    public var captures: [String: Capture] = [:]

    /// What a user should know about the lookup though nothing failed (a list of rows
    /// cut at its source's `max_pages`): said on stderr, not part of the record.
    public var warnings: [String] = []

    /// How many pages of each source were read (the first and those its `next` links
    /// led to); not part of the record. `patterns check` holds it against the saved pages.
    public var pagesRead: [String: Int] = [:]

    /// The pack's headline (`reputation.total`) over the member's history,
    /// oldest first, this lookup included; empty unless asked for (a table's trend).
    public var trend: [FieldValue] = []

    /// True when the pages came from a web archive.
    public var isArchived: Bool { !captures.isEmpty }

    /// When the pages showed these values: the latest capture's time for an archived
    /// lookup, else when they were fetched.
    public var shownAt: Date { captures.values.map(\.time).max() ?? fetchedAt }

    /// A source's name and the URL its page was read from.
    public struct Source: Sendable, Codable {
        public let name: String
        public let url: String
    }

    public init(id: String, site: String, fetchedAt: Date, sources: [(name: String, url: String)],
                extracted: ExtractedRecord, errors: [MemberError]) {
        self.id = id
        self.site = site
        self.fetchedAt = fetchedAt
        self.sources = sources.map { Source(name: $0.name, url: $0.url) }
        self.extracted = extracted
        self.errors = errors
    }

    public var failed: Bool { !errors.isEmpty }

    /// The record as a checkpoint keeps it: all an export shows, without the per-field
    /// outcomes (what a run's summary counts as members finish; a third of a record's
    /// JSON, and most of the time spent coding it).
    public var withoutOutcomes: MemberRecord {
        guard !extracted.outcomes.isEmpty else { return self }
        var copy = self
        copy.extracted.outcomes = []
        return copy
    }

    /// Why a value it has a problem with (a field, a list) is unknown, in a few words:
    /// "not found on the page", "on the page, but not readable as its type".
    public func whyUnknown(_ place: FieldPath) -> String {
        errors.first { $0.field == place }?.kind == .unreadable ? "on the page, but not readable as its type" : "not found on the page"
    }

    /// Its pages were read, whatever the pack could not read on them (a value unknown,
    /// a statistic over rows that show none): what it read is the member's, and is
    /// kept in the history, the unknown values as unknown.
    public var pagesWereRead: Bool { errors.allSatisfy { [.extraction, .unreadable].contains($0.kind) } }

    /// Coded whole (a checkpoint keeps records so, to write them in any format later),
    /// without how many pages each source took.
    private enum CodingKeys: String, CodingKey {
        case id, site, fetchedAt, sources, extracted, errors, changes, previousLookup, captures, warnings, trend
    }
}

/// Why a member's record is incomplete. `kind` is what scripts switch on.
public struct MemberError: Error, Sendable, Equatable, CustomStringConvertible, Codable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// The site answered 404/410, or the page says there is no such member.
        case notFound = "not_found"
        /// Any other HTTP status that is not success (after retries).
        case http
        case timeout
        /// DNS, connection, TLS, a body over the size limit.
        case network
        /// robots.txt keeps cpvanity out of the page.
        case robots
        /// A required field did not match, a value did not convert, a pattern hit a limit.
        case extraction
        /// A value found on the page that cannot be held as its type (a number too large)
        /// or lies outside the range the pack gives.
        case unreadable
        /// A web archive has no usable capture: none in the range asked, a redirect or
        /// an error captured, the archive down, or pages captured too far apart.
        case archive
        /// The member was never requested: the run stopped starting lookups before its
        /// turn (the site down, Ctrl-C, the history unwritable); the message says why.
        case notLookedUp = "not_looked_up"
    }

    /// What kind of archive trouble, where another setting may help.
    public enum ArchiveCause: String, Sendable, Codable {
        /// The archive answered busy (429, 503): asking more slowly may help.
        case busy
        /// The member's pages were captured further apart than allowed.
        case skew
    }

    public let kind: Kind
    public let source: String?
    /// The value's place, for an error of one value.
    public let field: FieldPath?
    public let url: String?
    public let status: Int?
    public let message: String
    /// An archive's capture that is the site's own error page at crawl time (an
    /// archived 403): the archive is fine, the page was not there to capture.
    public let atCrawlTime: Bool
    /// The server (the site, or the archive) never answered: no connection, no name, a
    /// timeout. Members in a row with nothing but these show the server down for the run.
    public let noAnswer: Bool
    public let archiveCause: ArchiveCause?

    public init(kind: Kind, source: String? = nil, field: FieldPath? = nil, url: String? = nil, status: Int? = nil, message: String,
                atCrawlTime: Bool = false, noAnswer: Bool = false, archiveCause: ArchiveCause? = nil) {
        self.archiveCause = archiveCause
        self.kind = kind
        self.source = source
        self.field = field
        self.url = url
        self.status = status
        self.message = message
        self.atCrawlTime = atCrawlTime
        self.noAnswer = noAnswer
    }

    /// The same error with its place and message made over (redacted, escaped).
    public func with(field: FieldPath?, url: String?, message: String) -> MemberError {
        MemberError(kind: kind, source: source, field: field, url: url, status: status, message: message, atCrawlTime: atCrawlTime,
                    noAnswer: noAnswer, archiveCause: archiveCause)
    }

    /// An extraction problem seen as a lookup error.
    public init(_ problem: ExtractionProblem) {
        let kind: Kind = switch problem.kind {
        case .notFound: .notFound
        case .extraction: .extraction
        case .unreadable: .unreadable
        }
        self.init(kind: kind, source: problem.source,
                  field: problem.field, url: problem.origin.isEmpty ? nil : problem.origin, message: problem.message)
    }

    public var description: String {
        var parts = [kind.rawValue]
        if let field { parts.append(field.description) }
        let place = [source.map { "\($0) page" }, url].compactMap { $0 }.joined(separator: " ")
        return parts.joined(separator: " ") + ": " + message + (place.isEmpty ? "" : " (\(place))")
    }
}

import Foundation
import Matching
import PageText

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
    /// Captures the URL of the page after this one (`next`): a source of several pages
    /// whose rows are one collection. Nil: one page.
    package let next: (any CompiledPattern)?
    /// At most this many pages are read (`max_pages`, 1 to 1000; 20 by default).
    public let maxPages: Int
    /// Other hosts a `next` link may lead to (`next_hosts`), lower case; the page's own
    /// host always may. A link anywhere else is not followed (Scrapy's offsite rule).
    public let nextHosts: [String]

    /// The most pages a source may declare, and the default.
    public static let pageLimit = 1000
    public static let defaultMaxPages = 20

    /// Captures when the page says it was served (`time`: a Unix time or a timestamp,
    /// as a page keeps its server's clock in a script): what "2 days ago" on a saved
    /// page counts back from.
    package let time: (any CompiledPattern)?

    /// False (`archived = false`) for a page web archives rarely keep (a fragment the
    /// site loads after its page): a lookup in an archive goes without it, and its
    /// fields read from the other pages.
    public let archived: Bool

    init(name: String, urlTemplate: String, missing: [any CompiledPattern], complete: [any CompiledPattern] = [],
         next: (any CompiledPattern)? = nil, maxPages: Int = SourceRule.defaultMaxPages, nextHosts: [String] = [],
         time: (any CompiledPattern)? = nil, archived: Bool = true) {
        self.archived = archived
        self.time = time
        self.nextHosts = nextHosts.map { $0.lowercased() }
        self.name = name
        self.urlTemplate = urlTemplate
        self.missing = missing
        self.complete = complete
        self.next = next
        self.maxPages = maxPages
    }

    /// True when the source runs over several pages.
    public var paginates: Bool { next != nil }

    /// Whether a `next` link to `url` may be followed from a page at `from`: the same
    /// host, or one of `nextHosts`.
    public func mayFollow(_ url: String, from: String) -> Bool {
        guard let host = URLComponents(string: url)?.host?.lowercased() else { return false }
        return host == URLComponents(string: from)?.host?.lowercased() || nextHosts.contains(host)
    }

    /// The link to the next page on `page`, as written there (relative or absolute,
    /// entities not yet decoded); nil on the last page or when the source has one page.
    public func nextLink(on page: [UInt8]) -> String? {
        next.flatMap { SourceRule.firstCapture(of: $0, on: page) }
    }

    /// What `pattern` captures first on `page` (its first group, else the whole match),
    /// at most `longest` bytes; nil for no match or an empty one.
    private static func firstCapture(of pattern: any CompiledPattern, on page: [UInt8], longest: Int = .max) -> String? {
        let group = pattern.captureCount > 0 ? 1 : 0
        return page.withUnsafeBufferPointer { buffer in
            guard let range = try? pattern.firstRange(of: group, in: buffer, from: 0), !range.isEmpty, range.count <= longest else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }
    }

    /// When `page` says it was served, by the `time` pattern: a Unix time (9 to 11
    /// digits) or an ISO timestamp (`2022-03-19T11:54:39Z`, a day alone is its midnight
    /// in UTC); nil without the pattern, a match, or a time read.
    public func servedAt(_ page: [UInt8]) -> Date? {
        time.flatMap { SourceRule.firstCapture(of: $0, on: page, longest: 63) }.flatMap(InstantText.moment)
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

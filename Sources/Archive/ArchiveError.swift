import Foundation

/// What an archive answered that is not a usable capture, each said for the user.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No capture of `url` in the range asked; `first` is the archive's first capture
    /// of it at all, when there is one.
    case noCapture(url: String, before: Date?, first: Date?)
    /// The captures in the range asked are all the site's redirects or errors (their
    /// statuses); `first` is the archive's first capture of the page itself.
    case onlyNonPages(url: String, statuses: [Int], first: Date?)
    /// The capture the archive holds is a redirect, not the page.
    case redirect(capture: String, location: String?)
    /// The site answered an error when the archive crawled it (an archived 403, 404).
    case errorCapture(capture: String, status: Int)
    /// The archive answered an error of its own for a capture.
    case archiveAnswered(archive: String, capture: String, status: Int)
    /// The archive keeps the site's pages out: `Blocked Site Error`, or (`robots`) its
    /// robots.txt hides them.
    case blocked(archive: String, page: String, robots: Bool)
    /// The archive has not archived the page.
    case notArchived(archive: String, page: String)
    /// The site is excluded from the archive.
    case excluded(archive: String, page: String)
    /// The archive kept answering 429 (too many requests).
    case busy(archive: String, page: String)
    /// The archive's availability answer was empty: it did not say.
    case unknownAvailability(archive: String, page: String)
    /// The archive's own redirects went on too long, or in a circle, or off its host.
    case redirectChain(archive: String, capture: String, why: String)
    /// The archive's index could not be read.
    case badIndex(url: String, why: String)
    /// The two pages of one member were captured further apart than `--max-skew`.
    case skew(first: Date, second: Date, limit: TimeInterval)

    /// The site's own error at crawl time (an archived 403, 404): another capture of
    /// the page may hold the page.
    public var isRecordedError: Bool {
        if case .errorCapture = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .noCapture(let url, let before, let first):
            guard let first else { return "the archive has no capture of \(url)" }
            if let before, before < first {
                return "the archive's first capture of \(url) is from \(ArchiveError.day(first)), after \(ArchiveError.day(before)); ask for a date from \(ArchiveError.day(first)) on"
            }
            return "the archive has no capture of \(url) in the range asked (its first is from \(ArchiveError.day(first)))"
        case .onlyNonPages(let url, let statuses, let first):
            return "the archive's captures of \(url) in the range asked are the site's redirects or errors (HTTP \(statuses.map(String.init).joined(separator: ", "))), not its page"
                + (first.map { "; its first capture of the page is from \(ArchiveError.day($0))" } ?? "")
        case .redirect(let capture, let location):
            return "the archived capture \(capture) is a redirect\(location.map { " to \($0)" } ?? ""), not the member's page"
        case .errorCapture(let capture, let status):
            return "the archived capture \(capture) is the site's own HTTP \(status) at crawl time, not the member's page"
        case .archiveAnswered(let archive, let capture, let status):
            return "the archive \(archive) answered HTTP \(status) for the capture \(capture)"
        case .blocked(let archive, let page, let robots):
            return robots
                ? "the archive \(archive) will not show \(page): Blocked By Robots (the site's robots.txt hides its copies); another archive may have it"
                : "the archive \(archive) will not show \(page): Blocked Site Error (the site is blocked from it); another archive may have it"
        case .notArchived(let archive, let page):
            return "the archive \(archive) has not archived \(page)"
        case .excluded(let archive, let page):
            return "the archive \(archive) says \(page) is excluded from it; another archive may have it"
        case .busy(let archive, let page):
            return "the archive \(archive) kept answering 429 (too many requests) for \(page); try again later, or more slowly"
        case .unknownAvailability(let archive, let page):
            return "the archive \(archive) gave no answer about \(page) (an empty archived_snapshots, which it also gives for pages it has); try again"
        case .redirectChain(let archive, let capture, let why):
            return "the archive \(archive) sent the request for \(capture) on \(why)"
        case .badIndex(let url, let why):
            return "the archive's index at \(url) could not be read: \(why)"
        case .skew(let first, let second, let limit):
            let apart = abs(second.timeIntervalSince(first))
            return "the member's pages were captured \(ArchiveError.duration(apart)) apart (\(ArchiveError.moment(first)) and \(ArchiveError.moment(second))), more than the \(ArchiveError.duration(limit)) allowed"
        }
    }

    /// `2008-03-15`, in UTC.
    static func day(_ date: Date) -> String { ArchiveDates.day(date) }

    static func moment(_ date: Date) -> String { date.formatted(.iso8601) }

    static func duration(_ seconds: TimeInterval) -> String {
        if seconds >= 86_400 { return String(format: "%.1f days", seconds / 86_400) }
        if seconds >= 3_600 { return String(format: "%.1f hours", seconds / 3_600) }
        return String(format: "%.0f seconds", seconds)
    }
}

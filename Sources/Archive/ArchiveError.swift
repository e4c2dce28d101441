import Foundation

/// What an archive answered that is not a usable capture, each said for the user.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No capture of `url` in the range asked; `first` is the archive's first capture
    /// of it at all, when there is one.
    case noCapture(url: String, before: Date?, first: Date?)
    /// The capture the archive holds is a redirect, not the page.
    case redirect(capture: String, location: String?)
    /// The archive answered the capture with an error status.
    case errorCapture(capture: String, status: Int)
    /// The archive's index could not be read.
    case badIndex(url: String, why: String)
    /// The two pages of one member were captured further apart than `--max-skew`.
    case skew(first: Date, second: Date, limit: TimeInterval)

    public var description: String {
        switch self {
        case .noCapture(let url, let before, let first):
            guard let first else { return "the archive has no capture of \(url)" }
            if let before, before < first {
                return "the archive's first capture of \(url) is from \(ArchiveError.day(first)), after \(ArchiveError.day(before)); ask for a date from \(ArchiveError.day(first)) on"
            }
            return "the archive has no capture of \(url) in the range asked (its first is from \(ArchiveError.day(first)))"
        case .redirect(let capture, let location):
            return "the archived capture \(capture) is a redirect\(location.map { " to \($0)" } ?? ""), not the member's page"
        case .errorCapture(let capture, let status):
            return "the archive answered HTTP \(status) for the capture \(capture)"
        case .badIndex(let url, let why):
            return "the archive's index at \(url) could not be read: \(why)"
        case .skew(let first, let second, let limit):
            let apart = abs(second.timeIntervalSince(first))
            return "the member's pages were captured \(ArchiveError.duration(apart)) apart (\(ArchiveError.moment(first)) and \(ArchiveError.moment(second))), more than --max-skew \(ArchiveError.duration(limit))"
        }
    }

    /// `2008-03-15`, in UTC.
    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle().year().month().day())
    }

    static func moment(_ date: Date) -> String { date.formatted(.iso8601) }

    static func duration(_ seconds: TimeInterval) -> String {
        if seconds >= 86_400 { return String(format: "%.1f days", seconds / 86_400) }
        if seconds >= 3_600 { return String(format: "%.1f hours", seconds / 3_600) }
        return String(format: "%.0f seconds", seconds)
    }
}

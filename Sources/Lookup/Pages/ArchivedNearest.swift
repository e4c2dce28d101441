import Archive
import Foundation

/// One member's pages as a web archive showed them at a time, read through its
/// playback alone where it can: asked for a page at a time that is no capture's, the
/// Wayback Machine answers with its own redirect to the nearest capture, so a lookup
/// `--as-of` a date costs capture requests, not index requests (the index's budget is
/// a twentieth of playback's). The index is asked only where playback's answer is not
/// the page: the nearest capture is the site's redirect or error at crawl time (another
/// capture may be the page). A nearest capture past the period is checked against the
/// page's first capture (playback's nearest to 1996): a period before it is said so.
public struct ArchivedNearest: PageOrigin {
    public let reader: ArchiveReader
    public let period: DateInterval

    public init(reader: ArchiveReader, period: DateInterval) {
        self.reader = reader
        self.period = period
    }

    public var checksCompleteness: Bool { true }

    public func first(source: String, id: String, url: String) async -> Result<FetchedPage, PageFailure> {
        let asked = Capture(timestamp: ArchiveTimestamp(period.start), original: url)
        switch await reader.read(asked, source: source) {
        case .success(let page) where (page.capture?.time ?? period.start) < period.end:
            return .success(page)
        case .success(let page):
            // The nearest capture lies past the period: the period may be before the
            // page's first capture, which the nearest to the archive's first day is.
            guard let later = page.capture else { return .success(page) }
            switch await reader.read(Capture(timestamp: ArchivedNearest.earliest, original: url), source: source) {
            case .success(let first) where (first.capture?.time ?? later.time) >= later.time:
                let error = ArchiveError.noCapture(url: url, before: period.start, first: later.time)
                return .failure(PageFailure(MemberError(kind: .archive, source: source, url: url, message: error.description)))
            case .success:
                return .success(page)
            case .failure:
                return await fromIndex(url, source: source)
            }
        case .failure(let unread) where !unread.anotherMayBeThePage:
            return .failure(PageFailure(unread.error))
        case .failure:
            // The site's own redirect or error then: another capture may be the page.
            return await fromIndex(url, source: source)
        }
    }

    /// Before any capture of any page (the archive began in 1996).
    static let earliest = ArchiveTimestamp(Date(timeIntervalSince1970: 820_454_400))

    /// The period's captures as the index lists them, the first that reads as the page.
    private func fromIndex(_ url: String, source: String) async -> Result<FetchedPage, PageFailure> {
        switch await reader.candidates(nearest: period, of: url, source: source) {
        case .failure(let error): return .failure(PageFailure(error))
        case .success(let candidates): return await reader.readFirst(candidates, source: source).mapError { PageFailure($0) }
        }
    }

    /// A further page as near its first page's capture as the archive has it.
    public func further(source: String, id: String, url: String, number: Int, after first: FetchedPage) async -> Result<FetchedPage, PageFailure> {
        let time = first.capture?.time ?? period.start
        switch await reader.read(Capture(timestamp: ArchiveTimestamp(time), original: url), source: source) {
        case .success(let page):
            return .success(page)
        case .failure(let unread) where !unread.anotherMayBeThePage:
            return .failure(PageFailure(unread.error))
        case .failure:
            return await ArchivedCaptures(reader: reader, chosen: [:]).further(source: source, id: id, url: url, number: number, after: first)
        }
    }
}

import Archive
import Extraction
import Foundation
import PageText
import Scraper

/// Reading one capture: the archive's own redirects followed (on its host, a few hops,
/// never in a circle), its answers told from the site's recorded ones.
extension ArchiveReader {
    /// Why a capture was not read; `recordedError` when it is the site's own error page
    /// at crawl time (an archived 403, 404), which another capture may not be.
    public struct Unread: Error, Sendable {
        public let error: MemberError
        public let recordedError: Bool
        /// The capture is the site's answer at crawl time but not its page (a redirect,
        /// an error): another capture, from the index, may be the page.
        public var siteAnswer = false

        /// The capture is the site's, not the archive's refusal: another capture may be the page.
        public var anotherMayBeThePage: Bool { recordedError || siteAnswer }
    }

    /// One capture's page, and the capture it was read from (the archive may have sent
    /// the request on to another timestamp or URL form than the one asked for).
    public func read(_ capture: Capture, source: String) async -> Result<FetchedPage, Unread> {
        var url = url(of: capture)
        if let kept = kept(capture, url: url) { return .success(kept) }
        var visited: Set<String> = [url]
        var read = capture
        for _ in 0...ArchiveReader.mostArchiveRedirects {
            let response: HTTPResponse
            switch await fetcher.fetch(url, followingRedirects: false, recorded: { $0.headers["memento-datetime"] != nil }) {
            case .success(let answer): response = answer
            case .failure(let error):
                return .failure(Unread(error: MemberError(kind: .archive, source: source, url: url, message: "the archive could not be reached: \(error)",
                                                          noAnswer: error.isNoAnswer),
                                       recordedError: false))
            }
            let answer = CaptureAnswer.classify(status: response.status, headers: response.headers, body: response.body)
            let failure = { (error: ArchiveError) in
                var unread = Unread(error: MemberError(kind: .archive, source: source, url: url, status: response.status,
                                                       message: error.description, atCrawlTime: error.isRecordedError,
                                                       archiveCause: error.isRecordedError ? nil : ArchiveReader.cause(response.status)),
                                    recordedError: error.isRecordedError)
                switch answer {
                case .archivedRedirect, .archivedError: unread.siteAnswer = true
                default: break
                }
                return Result<FetchedPage, Unread>.failure(unread)
            }
            switch answer {
            case .page:
                if let datetime = response.headers["memento-datetime"], let time = InstantText.parse(datetime),
                   ArchiveTimestamp(time) != read.timestamp {
                    read = Capture(timestamp: ArchiveTimestamp(time), original: read.original, status: read.status, revisit: read.revisit, memento: url)
                }
                if response.status == 200 { captureCache?.store(response, unchanging: true) }
                activity.capture(kept: false)
                return .success(FetchedPage(bytes: response.body, charset: response.charset, origin: url, base: read.original, capture: read))
            case .archiveRedirect(let location):
                guard let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: URL(string: url))?.absoluteURL.absoluteString else {
                    return failure(.redirectChain(archive: base, capture: capture.original, why: "to '\(location)', which is no address"))
                }
                guard ArchiveReader.host(of: next) == ArchiveReader.host(of: url) else {
                    return failure(.redirectChain(archive: base, capture: capture.original, why: "to another host (\(next)); not followed"))
                }
                guard visited.insert(next).inserted else {
                    return failure(.redirectChain(archive: base, capture: capture.original, why: "in a circle (back to \(next))"))
                }
                // "found capture at 20200201023757": the capture the archive has, under its own time.
                if let stamp = CaptureIndex.mementoParts(next).flatMap({ ArchiveTimestamp($0.timestamp) }) {
                    read = Capture(timestamp: stamp, original: read.original, status: read.status, revisit: read.revisit, memento: next)
                }
                url = next
            default:
                return failure(refusal(answer, capture: capture, url: url))
            }
        }
        let chain = ArchiveError.redirectChain(archive: base, capture: capture.original, why: "through more than \(ArchiveReader.mostArchiveRedirects) redirects")
        return .failure(Unread(error: MemberError(kind: .archive, source: source, url: url, message: chain.description), recordedError: false))
    }

    /// The capture as a run kept it (captures never change), if one did.
    private func kept(_ capture: Capture, url: String) -> FetchedPage? {
        guard let kept = captureCache?.entry(for: url) else { return nil }
        activity.capture(kept: true)
        return FetchedPage(bytes: kept.body, charset: kept.contentType.flatMap(HTTPResponse.charset), origin: url, base: capture.original, capture: capture)
    }

    /// What an answer that is neither the page nor the archive's redirect means for the user.
    private func refusal(_ answer: CaptureAnswer, capture: Capture, url: String) -> ArchiveError {
        switch answer {
        case .archivedRedirect(let location): return .redirect(capture: url, location: location)
        case .archivedError(let status): return .errorCapture(capture: url, status: status)
        case .blockedSite: return .blocked(archive: base, page: capture.original, robots: false)
        case .blockedByRobots: return .blocked(archive: base, page: capture.original, robots: true)
        case .notArchived: return .notArchived(archive: base, page: capture.original)
        case .excluded: return .excluded(archive: base, page: capture.original)
        case .busy: return .busy(archive: base, page: capture.original)
        case .archiveError(let status): return .archiveAnswered(archive: base, capture: url, status: status)
        case .page, .archiveRedirect: return .archiveAnswered(archive: base, capture: url, status: 0)
        }
    }

    /// The first capture of `candidates` (in order) that reads as a page: a capture that
    /// is the site's recorded 403 or 404 (an archived error) is passed over for the next.
    public func readFirst(_ candidates: [Capture], source: String) async -> Result<FetchedPage, MemberError> {
        var last: MemberError?
        for capture in candidates {
            switch await read(capture, source: source) {
            case .success(let read): return .success(read)
            case .failure(let unread):
                last = unread.error
                // Only the site's recorded errors are worth another capture; the archive's own answers are not.
                guard unread.recordedError else { return .failure(unread.error) }
            }
        }
        return .failure(last ?? MemberError(kind: .archive, source: source, message: "no capture to read"))
    }

    /// The captures to read for `period` (`--as-of 2014-01`: January 2014): the one
    /// nearest the start of the period, then the others in the period, nearest first. A
    /// period wholly before the first capture is an error naming the first capture's
    /// day, not a capture years later.
    public func candidates(nearest period: DateInterval, of original: String, source: String) async -> Result<[Capture], MemberError> {
        switch await allCaptures(of: original, source: source) {
        case .failure(let error):
            return .failure(error)
        case .success(let listed):
            let all = listed.filter(\.mayBeThePage)
            guard let first = all.first, first.time < period.end, let nearest = CaptureChoice.closest(to: period.start, in: all) else {
                // Captures in the period, but only of the site's redirects and errors: say so, not "none".
                let others = listed.filter { period.holds($0.time) }.compactMap(\.status)
                let error = others.isEmpty ? ArchiveError.noCapture(url: original, before: period.start, first: all.first?.time)
                    : ArchiveError.onlyNonPages(url: original, statuses: Array(Set(others)).sorted(), first: all.first?.time)
                return .failure(MemberError(kind: .archive, source: source, url: original, message: error.description))
            }
            let others = all.filter { $0 != nearest && period.holds($0.time) }
                .sorted { abs($0.time.timeIntervalSince(period.start)) < abs($1.time.timeIntervalSince(period.start)) }
            return .success([nearest] + others)
        }
    }

    /// The captures of `original` nearest `time`, nearest first (a further page of a
    /// source, read as near its first page's capture as the archive has it).
    public func candidates(nearest time: Date, of original: String, source: String) async -> Result<[Capture], MemberError> {
        switch await captures(of: original, source: source) {
        case .failure(let error):
            return .failure(error)
        case .success(let all):
            guard !all.isEmpty else {
                return .failure(MemberError(kind: .archive, source: source, url: original,
                                            message: "the archive has no capture of \(original), a further page of the \(source) list"))
            }
            return .success(all.sorted { abs($0.time.timeIntervalSince(time)) < abs($1.time.timeIntervalSince(time)) })
        }
    }

    static func host(of url: String) -> String? {
        URLComponents(string: url)?.host?.lowercased()
    }
}

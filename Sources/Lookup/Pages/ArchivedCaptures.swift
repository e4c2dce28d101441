import Archive
import Foundation

/// One member's pages in a web archive: each source's first page from the captures
/// chosen for it (the first that reads as a page), each further page from the capture
/// of that page nearest the first's time.
public struct ArchivedCaptures: PageOrigin {
    public let reader: ArchiveReader
    /// Each source's captures to try for its first page, in order.
    public let chosen: [String: [Capture]]

    public init(reader: ArchiveReader, chosen: [String: [Capture]]) {
        self.reader = reader
        self.chosen = chosen
    }

    /// A capture holds the site's bytes as they came to the archive's crawler, which a
    /// connection may cut short on the way to us as well as any.
    public var checksCompleteness: Bool { true }

    public func first(source: String, id: String, url: String) async -> Result<FetchedPage, PageFailure> {
        guard let candidates = chosen[source], !candidates.isEmpty else {
            return .failure(PageFailure(MemberError(kind: .archive, source: source, url: url, message: "no capture chosen")))
        }
        return await reader.readFirst(candidates, source: source).mapError { PageFailure($0) }
    }

    public func further(source: String, id: String, url: String, number: Int, after first: FetchedPage) async -> Result<FetchedPage, PageFailure> {
        let time = first.capture?.time ?? Date()
        switch await reader.candidates(nearest: time, of: url, source: source) {
        case .failure(let error): return .failure(PageFailure(error))
        case .success(let nearest): return await reader.readFirst(nearest, source: source).mapError { PageFailure($0) }
        }
    }
}

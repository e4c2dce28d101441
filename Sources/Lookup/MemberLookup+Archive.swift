import Archive
import Extraction
import Foundation
import Packs
import Scraper

/// Members read from a web archive: each source's page from the capture `pick`
/// chooses, the record naming the captures.
extension MemberLookup {
    /// The member as the captures chosen show it (a backfill's period).
    public func lookup(_ id: String, captures chosen: [String: Capture]) async -> MemberRecord {
        let fetched = await fetchArchived(id, sources: Array(chosen.keys)) { original, source in
            guard let capture = chosen[source] else {
                return .failure(MemberError(kind: .archive, source: source, url: original, message: "no capture chosen"))
            }
            return .success(capture)
        }
        return record(of: fetched)
    }

    func fetchArchived(_ id: String, sources names: [String]?,
                       pick: @escaping @Sendable (String, String) async -> Result<Capture, MemberError>) async -> Fetched {
        let sources = pack.sources.filter { names?.contains($0.name) ?? true }
        var fetched = Fetched(id: id, fetchedAt: Date(), urls: sources.map { (name: $0.name, url: $0.url(base: baseURL, id: id)) },
                              pages: [], errors: [])
        guard let archive else { return fetched }
        if let rejected = rejected(id) {
            fetched.errors = [rejected]
            return fetched
        }
        // Which capture of each page: chosen first, so pages captured too far apart
        // cost the archive no page request.
        var chosen = [String: Capture]()
        await withTaskGroup(of: (String, Result<Capture, MemberError>).self) { group in
            for (name, url) in fetched.urls { group.addTask { (name, await pick(url, name)) } }
            for await (name, result) in group {
                switch result {
                case .success(let capture): chosen[name] = capture
                case .failure(let error): fetched.errors.append(error)
                }
            }
        }
        let times = chosen.values.map(\.time)
        if let maxSkew = archive.maxSkew, let earliest = times.min(), let latest = times.max(), latest.timeIntervalSince(earliest) > maxSkew {
            fetched.errors.append(MemberError(kind: .archive, message: ArchiveError.skew(first: earliest, second: latest, limit: maxSkew).description))
            return fetched
        }
        guard fetched.errors.isEmpty else { return fetched }
        fetched.captures = chosen
        fetched.urls = fetched.urls.map { ($0.name, chosen[$0.name].map(archive.url(of:)) ?? $0.url) }
        await withTaskGroup(of: NextPages.Result.self) { group in
            for (name, capture) in chosen { group.addTask { await archivedSource(name, capture: capture, id: id, archive: archive) } }
            for await source in group {
                fetched.pages += source.pages
                fetched.errors += source.errors
                fetched.warnings += source.warnings
            }
        }
        fetched.pages.sort { ($0.source, $0.number) < ($1.source, $1.number) }
        return fetched
    }

    /// A source's archived pages: the chosen capture, and for a source of several pages
    /// the captures its `next` links lead to, each the capture of that page nearest the
    /// first's time (the links on an archived page are the site's own).
    private func archivedSource(_ name: String, capture: Capture, id: String, archive: ArchiveReader) async -> NextPages.Result {
        var result = NextPages.Result()
        switch await archive.page(capture, source: name) {
        case .failure(let error):
            result.errors.append(error)
        case .success(let first):
            result.pages.append(first)
            guard let rule = pack.source(named: name) else { break }
            let further = await NextPages(rule: rule, id: id).follow(from: first, at: capture.original) { url, number in
                switch await archive.capture(nearest: capture.time, of: url, source: name) {
                case .failure(let error): return .failure(NextPages.FetchFailure(error: error, stopped: false))
                case .success(let next):
                    return await archive.page(next, source: name, number: number)
                        .map { (page: $0, base: next.original) }.mapError { NextPages.FetchFailure(error: $0, stopped: false) }
                }
            }
            result.pages += further.pages
            result.errors += further.errors
            result.warnings += further.warnings
        }
        return result
    }
}

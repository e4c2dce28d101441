import Archive
import Extraction
import Foundation
import Packs
import Scraper

/// Members read from a web archive: each source's page from the capture `pick`
/// chooses, the record naming the captures.
extension MemberLookup {
    /// The member as the captures chosen show it (a backfill's period): for each source,
    /// the first of its candidates that reads as a page.
    public func lookup(_ id: String, captures chosen: [String: [Capture]]) async -> MemberRecord {
        let fetched = await fetchArchived(id, sources: Array(chosen.keys)) { original, source in
            guard let candidates = chosen[source], !candidates.isEmpty else {
                return .failure(MemberError(kind: .archive, source: source, url: original, message: "no capture chosen"))
            }
            return .success(candidates)
        }
        return record(of: fetched)
    }

    /// `pick` gives each source's captures to try, in order.
    func fetchArchived(_ id: String, sources names: [String]?,
                       pick: @escaping @Sendable (String, String) async -> Result<[Capture], MemberError>) async -> Fetched {
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
        var chosen = [String: [Capture]]()
        await withTaskGroup(of: (String, Result<[Capture], MemberError>).self) { group in
            for (name, url) in fetched.urls { group.addTask { (name, await pick(url, name)) } }
            for await (name, result) in group {
                switch result {
                case .success(let candidates): chosen[name] = candidates
                case .failure(let error): fetched.errors.append(error)
                }
            }
        }
        let times = chosen.values.compactMap(\.first?.time)
        if let maxSkew = archive.maxSkew, let earliest = times.min(), let latest = times.max(), latest.timeIntervalSince(earliest) > maxSkew {
            fetched.errors.append(MemberError(kind: .archive, message: ArchiveError.skew(first: earliest, second: latest, limit: maxSkew).description))
            return fetched
        }
        guard fetched.errors.isEmpty else { return fetched }
        await withTaskGroup(of: (String, Capture?, NextPages.Result).self) { group in
            for (name, candidates) in chosen { group.addTask { await archivedSource(name, candidates: candidates, id: id, archive: archive) } }
            for await (name, read, source) in group {
                // The capture actually read: the archive may have sent the request on to another.
                if let read { fetched.captures[name] = read }
                fetched.pages += source.pages
                fetched.errors += source.errors
                fetched.warnings += source.warnings
            }
        }
        fetched.urls = fetched.urls.map { ($0.name, fetched.captures[$0.name].map(archive.url(of:)) ?? $0.url) }
        fetched.pages.sort { ($0.source, $0.number) < ($1.source, $1.number) }
        return fetched
    }

    /// A source's archived pages: the first of its candidates that reads as a page, and
    /// for a source of several pages the captures its `next` links lead to, each the
    /// capture of that page nearest the first's time (the links on an archived page are
    /// the site's own).
    private func archivedSource(_ name: String, candidates: [Capture], id: String, archive: ArchiveReader) async -> (String, Capture?, NextPages.Result) {
        var result = NextPages.Result()
        switch await archive.readFirst(candidates, source: name) {
        case .failure(let error):
            result.errors.append(error)
            return (name, nil, result)
        case .success(let first):
            result.pages.append(first.page)
            guard let rule = pack.source(named: name) else { return (name, first.capture, result) }
            let time = first.capture.time
            let further = await NextPages(rule: rule, id: id).follow(from: first.page, at: first.capture.original) { url, number in
                switch await archive.candidates(nearest: time, of: url, source: name) {
                case .failure(let error): return .failure(NextPages.FetchFailure(error: error, stopped: false))
                case .success(let nearest):
                    return await archive.readFirst(nearest, source: name, number: number)
                        .map { (page: $0.page, base: $0.capture.original) }.mapError { NextPages.FetchFailure(error: $0, stopped: false) }
                }
            }
            result.pages += further.pages
            result.errors += further.errors
            result.warnings += further.warnings
            return (name, first.capture, result)
        }
    }
}

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

    /// The member as the archive showed it in `period`, each page read through playback
    /// (`ArchivedNearest`); pages captured further apart than `--max-skew` are an error.
    func fetchAsOf(_ id: String, period: DateInterval, sources names: [String]?, archive: ArchiveReader) async -> Fetched {
        var fetched = Fetched(id: id, sources: sources(names, fromArchive: true), base: baseURL)
        fetched.add(await MemberPages(pack: pack, origin: ArchivedNearest(reader: archive, period: period), savePagesTo: savePagesTo)
            .read(id: id, urls: fetched.urls))
        fetched.stopped = fetched.stopped || (archive.isStopping && !fetched.errors.isEmpty)
        let times = fetched.captures.values.map(\.time)
        if let maxSkew = archive.maxSkew, let earliest = times.min(), let latest = times.max(), latest.timeIntervalSince(earliest) > maxSkew {
            fetched.errors.append(MemberError(kind: .archive, message: ArchiveError.skew(first: earliest, second: latest, limit: maxSkew).description,
                                              archiveCause: .skew))
            fetched.pages = []
        }
        fetched.nameCapturesRead(archive)
        if fetched.errors.isEmpty, let note = MemberLookup.outside(period, captures: fetched.captures) {
            fetched.warnings.append("member \(id): \(note)")
        }
        return fetched
    }

    /// When a page was read from a capture outside the period asked (none in it reads
    /// as the page), what a person must be told beside the record's capture times:
    /// "2030: the nearest capture is from 2019-05-20; the archive has none of the page in 2030".
    static func outside(_ period: DateInterval, captures: [String: Capture]) -> String? {
        let outside = captures.filter { !period.holds($0.value.time) }.sorted { $0.key < $1.key }
        guard !outside.isEmpty else { return nil }
        let name = ArchiveDates.name(period)
        let days = outside.map { (source: $0.key, day: ArchiveDates.day($0.value.time)) }
        let pages = outside.count == captures.count ? "" : " of the \(days.map(\.source).joined(separator: " and ")) page"
        let nearest = Set(days.map(\.day)).count == 1 ? "capture\(pages) is from \(days[0].day)"
            : "captures\(pages) are from " + days.map { "\($0.day) (\($0.source))" }.joined(separator: " and ")
        return "\(name): the nearest \(nearest); the archive has none of the page\(days.count == 1 ? "" : "s") in \(name)"
    }

    /// `pick` gives each source's captures to try, in order.
    func fetchArchived(_ id: String, sources names: [String]?,
                       pick: @escaping @Sendable (String, String) async -> Result<[Capture], MemberError>) async -> Fetched {
        var fetched = Fetched(id: id, sources: sources(names, fromArchive: true), base: baseURL)
        guard let archive else { return fetched }
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
            fetched.errors.append(MemberError(kind: .archive, message: ArchiveError.skew(first: earliest, second: latest, limit: maxSkew).description,
                                              archiveCause: .skew))
            return fetched
        }
        // A member the stop kept from the archive is left for the next run, not failed.
        guard fetched.errors.isEmpty else {
            fetched.stopped = archive.isStopping
            return fetched
        }
        let origin = ArchivedCaptures(reader: archive, chosen: chosen)
        fetched.add(await MemberPages(pack: pack, origin: origin, savePagesTo: savePagesTo)
            .read(id: id, urls: fetched.urls.filter { chosen[$0.name] != nil }))
        fetched.stopped = fetched.stopped || (archive.isStopping && !fetched.errors.isEmpty)
        fetched.nameCapturesRead(archive)
        return fetched
    }
}

extension MemberLookup.Fetched {
    /// Each page named by the capture actually read: the archive may have sent the request on to another.
    mutating func nameCapturesRead(_ archive: ArchiveReader) {
        urls = urls.map { ($0.name, self.captures[$0.name].map(archive.url(of:)) ?? $0.url) }
    }
}

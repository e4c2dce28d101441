import Archive
import Extraction
import Foundation
import Packs

/// The one path every member's pages take, whatever their origin: each source's first
/// page, then the pages its `next` links lead to; each checked whole (when it crossed a
/// network), saved under its one name when asked, and read through its charset.
struct MemberPages {
    let pack: SitePack
    let origin: any PageOrigin
    /// When set, every page is written here as it came, named as `SavedPageName` says.
    let savePagesTo: String?

    /// The pages of the sources at `urls`, at once.
    func read(id: String, urls: [(name: String, url: String)]) async -> NextPages.Result {
        var result = NextPages.Result()
        await withTaskGroup(of: NextPages.Result.self) { group in
            for (name, url) in urls {
                group.addTask { await readSource(name, id: id, url: url) }
            }
            for await source in group {
                result.pages += source.pages
                result.errors += source.errors
                result.warnings += source.warnings
                result.captures.merge(source.captures) { first, _ in first }
                result.stopped = result.stopped || source.stopped
            }
        }
        result.pages.sort { ($0.source, $0.number) < ($1.source, $1.number) }
        return result
    }

    private func readSource(_ name: String, id: String, url: String) async -> NextPages.Result {
        var result = NextPages.Result()
        switch accepted(await origin.first(source: name, id: id, url: url), source: name, id: id, number: 1) {
        case .failure(let failure):
            result.stopped = failure.stopped
            if let error = failure.error { result.errors.append(error) }
        case .success(let (first, page)):
            result.pages.append(page)
            result.captures[name] = first.capture
            guard let rule = pack.source(named: name) else { break }
            let further = await NextPages(rule: rule, id: id).follow(from: page, at: first.base) { next, number in
                accepted(await origin.further(source: name, id: id, url: next, number: number, after: first), source: name, id: id, number: number)
                    .map { (page: $0.1, base: $0.0.base) }
            }
            result.pages += further.pages
            result.errors += further.errors
            result.warnings += further.warnings
            result.stopped = further.stopped
        }
        return result
    }

    /// A fetched page saved when asked, checked whole, and read.
    private func accepted(_ fetched: Result<FetchedPage, PageFailure>, source: String, id: String,
                          number: Int) -> Result<(FetchedPage, Page), PageFailure> {
        guard case .success(let page) = fetched else { return fetched.map { ($0, Page(source: source, utf8: [], origin: "")) } }
        save(page.bytes, as: SavedPageName(source: source, id: id, page: number))
        let read = Page(source: source, bytes: page.bytes, charset: page.charset, origin: page.origin, number: number)
        if origin.checksCompleteness, let rule = pack.source(named: source), !rule.isComplete(read.utf8) {
            let expected = rule.completePatterns.map { "'\($0)'" }.joined(separator: " or ")
            let why = page.capture == nil ? "cut short in transit, so it was not read; try again"
                : "cut short in transit or as the archive holds it, so it was not read; try again, or ask for another date"
            return .failure(PageFailure(MemberError(kind: .network, source: source, url: page.origin,
                                                    message: "the page ends early (\(read.utf8.count) bytes, without \(expected)): \(why)")))
        }
        return .success((page, read))
    }

    private func save(_ bytes: [UInt8], as name: SavedPageName) {
        guard let savePagesTo else { return }
        let file = URL(fileURLWithPath: savePagesTo).appendingPathComponent(name.fileName)
        try? Data(bytes).write(to: file, options: .atomic)
    }
}

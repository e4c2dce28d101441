import Files
import Archive
import Extraction
import Foundation
import Packs
import Scraper
import Synchronization

/// The one path every member's pages take, whatever their origin: each source's first
/// page, then the pages its `next` links lead to; each checked whole (when it crossed a
/// network), saved under its one name when asked, and read through its charset.
struct MemberPages {
    let pack: SitePack
    let origin: any PageOrigin
    /// When set, every page is written here as it came, named as `SavedPageName` says.
    let savePagesTo: String?
    /// Pages that could not be saved (a full disk): said as warnings, the lookup goes on.
    private let unsaved = UnsavedPages()

    init(pack: SitePack, origin: any PageOrigin, savePagesTo: String?) {
        self.pack = pack
        self.origin = origin
        self.savePagesTo = savePagesTo
    }

    /// The pages of the sources at `urls`, at once.
    func read(id: String, urls: [(name: String, url: String)]) async -> NextPages.Result {
        var result = NextPages.Result()
        await withTaskGroup(of: NextPages.Result.self) { group in
            for (name, url) in urls.dropFirst() {
                group.addTask { await readSource(name, id: id, url: url) }
            }
            // The first source in this task, the others beside it: a task fewer a member.
            if let (name, url) = urls.first { result.merge(await readSource(name, id: id, url: url)) }
            for await source in group { result.merge(source) }
        }
        result.pages.sort { ($0.source, $0.number) < ($1.source, $1.number) }
        result.warnings += unsaved.messages.withLock { $0 }
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
            result.merge(further)
        }
        return result
    }

    /// A fetched page saved when asked, checked whole, and read.
    private func accepted(_ fetched: Result<FetchedPage, PageFailure>, source: String, id: String,
                          number: Int) -> Result<(FetchedPage, Page), PageFailure> {
        guard case .success(let page) = fetched else { return fetched.map { ($0, Page(source: source, utf8: [], origin: "")) } }
        save(page.bytes, as: SavedPageName(source: source, id: id, page: number))
        let read = Page(source: source, bytes: page.bytes, charset: page.charset, origin: page.origin, number: number, servedAt: page.servedAt)
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
        let path = (savePagesTo as NSString).appendingPathComponent(name.fileName)
        if let reason = AtomicReplacement.replace(path, with: bytes) {
            unsaved.messages.withLock { $0.append("member \(name.id): \(name.fileName) could not be saved in \(savePagesTo) (\(reason)); the lookup went on without it") }
        }
    }
}

/// What `MemberPages` could not save, gathered from its sources' concurrent tasks.
private final class UnsavedPages: Sendable {
    let messages = Mutex<[String]>([])
}

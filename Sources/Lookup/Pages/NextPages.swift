import Archive
import Foundation
import Extraction
import Packs
import PageText

/// A source's pages after its first: the pack's `next` link followed from page to
/// page, each page once, up to the source's `max_pages`. Live and archived lookups
/// follow the same way; only how a page is fetched differs.
struct NextPages {
    let rule: SourceRule
    let id: String

    /// What reading pages gave (following: the further pages, numbered from 2; a
    /// member's whole read: every page), what went wrong, and what a user should know
    /// though nothing failed (a list cut at max_pages).
    struct Result: Sendable {
        var pages: [Page] = []
        var errors: [MemberError] = []
        var warnings: [String] = []
        /// For pages read from a web archive, the capture each source's first page was read from.
        var captures: [String: Capture] = [:]
        /// A page was never requested because the run was stopped: the member is left
        /// for the next run rather than reported half-fetched.
        var stopped = false
        /// Sources whose list ends early because a further page could not be read:
        /// their rows are shown, but no statistic over them is the member's.
        var cut: Set<String> = []

        /// `other` added: two sources read side by side.
        mutating func merge(_ other: Result) {
            pages += other.pages
            errors += other.errors
            warnings += other.warnings
            captures.merge(other.captures) { first, _ in first }
            stopped = stopped || other.stopped
            cut.formUnion(other.cut)
        }
    }

    /// How one further page is fetched: by its absolute URL and number, to the page and
    /// the URL its own links are relative to (an archived page's links are the site's).
    typealias Fetch = @Sendable (_ url: String, _ number: Int) async -> Swift.Result<(page: Page, base: String), PageFailure>

    /// Follows `next` from `first` (read from `firstURL`).
    func follow(from first: Page, at firstURL: String, fetch: Fetch) async -> Result {
        var result = Result()
        guard rule.paginates else { return result }
        var visited: Set<String> = [NextPages.canonical(firstURL)]
        var current = (page: first, base: firstURL)
        while let link = rule.nextLink(on: current.page.utf8) {
            guard let url = NextPages.resolve(link, against: current.base) else {
                result.errors.append(MemberError(kind: .extraction, source: rule.name, url: current.page.origin,
                                                 message: "the next page's link '\(link)' is not a web address; the pages after it were not read"))
                result.cut.insert(rule.name)
                break
            }
            // Another site's page is not this member's list (and its robots.txt is not ours to ask).
            guard rule.mayFollow(url, from: firstURL) else {
                result.errors.append(MemberError(kind: .extraction, source: rule.name, url: current.page.origin,
                                                 message: "the next page's link leads to another host (\(url)); not followed, so the pages after it were not read (next_hosts in the pack allows a host)"))
                result.cut.insert(rule.name)
                break
            }
            // A link back to a page already read (the last page's "next" to the first) ends the list.
            guard visited.insert(NextPages.canonical(url)).inserted else { break }
            let number = result.pages.count + 2
            guard number <= rule.maxPages else {
                result.warnings.append("member \(id): the \(rule.name) pages go on past \(rule.maxPages) (the source's max_pages); "
                                       + "the first \(rule.maxPages) were read (raise max_pages in the pack to read more)")
                break
            }
            switch await fetch(url, number) {
            case .success(let next):
                result.pages.append(next.page)
                current = next
            case .failure(let failure):
                result.cut.insert(rule.name)
                result.stopped = failure.stopped
                if let error = failure.error { result.errors.append(error) }
                return result
            }
        }
        return result
    }

    /// A link as a page writes it (relative, with entities) made absolute against the
    /// page's URL; nil for anything but http(s).
    static func resolve(_ link: String, against base: String) -> String? {
        var text = HTMLEntities.decode(link).trimmingCharacters(in: .whitespacesAndNewlines)
        // Pages write names in links as they are (`/users/7/luis-φ`); a URL spells them in percent escapes.
        if text.unicodeScalars.contains(where: { !$0.isASCII || $0 == " " }) {
            text = text.addingPercentEncoding(withAllowedCharacters: NextPages.linkCharacters) ?? text
        }
        guard !text.isEmpty, let url = URL(string: text, relativeTo: URL(string: base))?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url.absoluteString
    }

    /// What a link may hold unescaped: ASCII that URLs allow, `%` (escapes already made) included.
    private static let linkCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")

    /// One spelling per page: scheme and host in lower case, no fragment, no default port.
    static func canonical(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return url }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        parts.fragment = nil
        if (parts.scheme == "http" && parts.port == 80) || (parts.scheme == "https" && parts.port == 443) { parts.port = nil }
        return parts.string ?? url
    }
}

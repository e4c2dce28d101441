@testable import Lookup
import Scraper
import Testing

/// Links as pages write them, made into the URLs the next page is fetched from, and
/// the fetcher's outcomes as a member's errors.
@Suite struct NextPagesTests {
    @Test func linksAreResolvedAgainstThePageAndOnlyWebAddressesAreFollowed() {
        let base = "https://stackoverflow.com/users/31415/ada?tab=tags"
        #expect(NextPages.resolve("?tab=tags&amp;page=2", against: base) == "https://stackoverflow.com/users/31415/ada?tab=tags&page=2")
        #expect(NextPages.resolve("/users/7/luis-φ", against: base) == "https://stackoverflow.com/users/7/luis-%CF%86")
        #expect(NextPages.resolve("javascript:next()", against: base) == nil)
        #expect(NextPages.resolve("  ", against: base) == nil)
    }

    @Test func oneSpellingPerPage() {
        #expect(NextPages.canonical("HTTPS://Example.COM:443/a?b=1#top") == "https://example.com/a?b=1")
        #expect(NextPages.canonical("http://example.com:8080/a") == "http://example.com:8080/a")
    }

    @Test func theSitesAnswersAreTheMembersErrors() {
        func kind(_ result: Result<HTTPResponse, FetchError>) -> MemberError.Kind? {
            guard case .failure(let error) = LiveSite.classify(result, source: "profile", url: "https://x/1") else { return nil }
            return error.kind
        }
        #expect(kind(.success(HTTPResponse(url: "https://x/1", finalURL: "https://x/1", status: 404, headers: [:], body: []))) == .notFound)
        #expect(kind(.success(HTTPResponse(url: "https://x/1", finalURL: "https://x/1", status: 410, headers: [:], body: []))) == .notFound)
        #expect(kind(.success(HTTPResponse(url: "https://x/1", finalURL: "https://x/1", status: 503, headers: [:], body: []))) == .http)
        #expect(kind(.failure(.disallowedByRobots("https://x/1"))) == .robots)
        #expect(kind(.success(HTTPResponse(url: "https://x/1", finalURL: "https://x/1", status: 200, headers: [:], body: []))) == nil)
    }
}

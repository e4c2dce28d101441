import Foundation
import Scraper

/// The site itself: each page fetched through the polite fetcher (pace, robots.txt,
/// retries), its HTTP status said as the member's error.
public struct LiveSite: PageOrigin {
    public let fetcher: PageFetcher

    public init(fetcher: PageFetcher) {
        self.fetcher = fetcher
    }

    public var checksCompleteness: Bool { true }

    public func first(source: String, id: String, url: String) async -> Result<FetchedPage, PageFailure> {
        await fetch(source: source, url: url)
    }

    public func further(source: String, id: String, url: String, number: Int, after first: FetchedPage) async -> Result<FetchedPage, PageFailure> {
        await fetch(source: source, url: url)
    }

    private func fetch(source: String, url: String) async -> Result<FetchedPage, PageFailure> {
        let result = await fetcher.fetch(url)
        if case .failure(.stopped) = result { return .failure(PageFailure(nil, stopped: true)) }
        switch LiveSite.classify(result, source: source, url: url) {
        case .success(let response):
            return .success(FetchedPage(bytes: response.body, charset: response.charset, origin: URLCredentials.redacted(url), base: url, servedAt: Date()))
        case .failure(let error):
            return .failure(PageFailure(error))
        }
    }

    /// A fetch's outcome as the member's page or the member's error.
    static func classify(_ result: Result<HTTPResponse, FetchError>, source: String, url: String) -> Result<HTTPResponse, MemberError> {
        switch result {
        case .success(let response):
            switch response.status {
            case 200..<300:
                return .success(response)
            case 404, 410:
                return .failure(MemberError(kind: .notFound, source: source, url: url, status: response.status,
                                            message: "the site answered \(response.status): no such member"))
            default:
                return .failure(MemberError(kind: .http, source: source, url: url, status: response.status,
                                            message: "the site answered HTTP \(response.status)"))
            }
        case .failure(let error):
            switch error.final {
            case .transport(.timeout):
                return .failure(MemberError(kind: .timeout, source: source, url: url, message: error.description, noAnswer: error.isNoAnswer))
            case .disallowedByRobots, .crawlDelayTooLong:
                return .failure(MemberError(kind: .robots, source: source, url: url, message: error.description))
            case .retryAfterTooLong(_, let status, _), .robotsUnavailable(_, let status):
                return .failure(MemberError(kind: .http, source: source, url: url, status: status, message: error.description))
            case .transport, .invalidURL, .stopped, .tooManyRedirects, .redirected:
                return .failure(MemberError(kind: .network, source: source, url: url, message: error.description, noAnswer: error.isNoAnswer))
            }
        }
    }
}

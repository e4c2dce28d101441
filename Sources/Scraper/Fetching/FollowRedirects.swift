import Foundation

/// Redirects followed here, not by libcurl, hop by hop through every policy after
/// this one: each host a request lands on is asked for its robots.txt and paced like
/// the first. A page's and robots.txt's alike (RFC 9309 asks for at least five).
struct FollowRedirects: FetchStep {
    /// Hops followed before giving up.
    let most: Int

    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError> {
        var current = request
        for _ in 0...most {
            let result = await next(current)
            // The site answered with a redirect: what then fails is the place it sent the
            // request to, not the site (a member's link to a dead host is no outage).
            if current.url != request.url, case .failure(let error) = result, !error.isStopped {
                return .failure(.redirected(from: request.url, to: URLCredentials.redacted(current.url), error))
            }
            guard request.followsRedirects, case .success(let response) = result, let hop = FollowRedirects.location(response, of: current.url) else {
                // The page, with the URL it was asked by and the one it came from.
                return result.map { response in
                    var whole = response
                    whole.url = request.url
                    whole.finalURL = current.url
                    return whole
                }
            }
            guard let sent = current.sent(to: hop) else {
                return .failure(.redirected(from: request.url, to: URLCredentials.redacted(hop), .invalidURL(hop)))
            }
            current = sent
        }
        return .failure(.tooManyRedirects(url: request.url, limit: most))
    }

    /// Where a redirect sends a request asked of `url`; nil for any other answer, or a
    /// place that is not http(s).
    static func location(_ response: HTTPResponse, of url: String) -> String? {
        guard statuses.contains(response.status), let location = response.headers["location"],
              let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: URL(string: url))?.absoluteURL,
              let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return next.absoluteString
    }
}

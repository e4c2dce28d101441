import Logging

/// Retries with backoff on 429, 5xx, timeouts and connection errors (never on an
/// answer that is a record of another time): each wait doubles, with jitter, and a
/// Retry-After is waited for when it is longer; one longer than cpvanity waits fails
/// the request. A stop cuts the wait short, and the next try is not sent.
struct Retries: FetchStep {
    let policy: FetchPolicy
    let state: FetchState
    let logger: Logger

    static let statuses: Set<Int> = [429, 500, 502, 503, 504]

    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError> {
        var request = request
        while true {
            let result = await next(request)
            var wait: Double?
            switch result {
            case .success(let response) where Retries.statuses.contains(response.status) && !request.recorded(response):
                if let seconds = response.retryAfter {
                    guard seconds <= policy.maxRetryAfter else {
                        return .failure(.retryAfterTooLong(url: request.url, status: response.status, seconds: seconds))
                    }
                    wait = seconds
                }
            case .failure(.transport(let error)) where error.isPassing:
                break
            case .success, .failure:
                return Retries.final(result, retries: request.attempt)
            }
            guard request.attempt < policy.retries, !Task.isCancelled else { return Retries.final(result, retries: request.attempt) }
            request.attempt += 1
            state.count { $0.retries += 1 }
            let delay = max(wait ?? 0, policy.backoff(beforeAttempt: request.attempt))
            logger.debug("retry \(request.attempt) of \(policy.retries) in \(String(format: "%.2f", delay)) s\(wait != nil ? " (Retry-After)" : ""): \(URLCredentials.redacted(request.url))")
            // Cut short by a stop; the next try then comes back `.stopped`.
            await state.wait(delay)
        }
    }

    /// The last answer, a transport failure saying how many retries it took.
    private static func final(_ result: Result<HTTPResponse, FetchError>, retries: Int) -> Result<HTTPResponse, FetchError> {
        result.mapError { error in
            guard case .transport(let transport) = error else { return error }
            return .transport(transport.after(retries: retries))
        }
    }
}

extension TransportError {
    /// A timeout or a dropped connection: usually passing, so worth another try.
    var isPassing: Bool {
        switch self {
        case .timeout, .network: return true
        case .tooLarge, .cancelled: return false
        }
    }
}

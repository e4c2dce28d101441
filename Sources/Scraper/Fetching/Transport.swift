import Logging

/// The request sent, at the end of the policies: counted, said while no answer comes
/// (on a terminal), its answer marked with when it was sent, and traced (`--verbose`:
/// `GET url -> 200 (12 ms, 48,211 bytes)`).
struct Transport: Sendable {
    let client: HTTPClient
    /// Tries a request may take, for what a wait says ("try 1 of 4").
    let tries: Int
    let silence: SilenceNotice?
    let state: FetchState
    let logger: Logger

    func send(_ request: PageRequest) async -> Result<HTTPResponse, FetchError> {
        state.count { $0.requests += 1 }
        let started = ContinuousClock.now
        let origin = request.target.origin
        let watch = silence?.watch(origin.components(separatedBy: "://").last ?? origin, attempt: request.attempt + 1, of: tries)
        let outcome: Result<HTTPResponse, TransportError>
        do {
            var response = try await client.get(request.url, headers: request.headers)
            response.sentAt = started
            outcome = .success(response)
        } catch {
            outcome = .failure(error)
        }
        watch?.end()
        trace(request, outcome, since: started)
        return outcome.mapError { .transport($0) }
    }

    private func trace(_ request: PageRequest, _ outcome: Result<HTTPResponse, TransportError>, since started: ContinuousClock.Instant) {
        guard logger.logLevel <= .debug else { return }
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        let what: String
        switch outcome {
        case .success(let response):
            what = "\(response.status) (\(milliseconds) ms, \(response.body.count) bytes\(request.headers.isEmpty ? "" : ", conditional"))"
        case .failure(let error):
            what = "failed after \(milliseconds) ms: \(error)"
        }
        logger.debug("GET \(URLCredentials.redacted(request.url)) -> \(what)\(request.attempt > 0 ? " [attempt \(request.attempt + 1)]" : "")")
    }
}

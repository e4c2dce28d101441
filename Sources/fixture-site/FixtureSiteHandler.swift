import FlyingFox
import Foundation
import Packs
import PageText
import Synchronization

/// Answers every request: saved pages at their site URLs, robots.txt, the stats
/// endpoints, and the faults the command line asked for.
final class FixtureSiteHandler: HTTPHandler, Sendable {
    struct Timing: Sendable {
        let latencyMs: Int
        let jitterMs: Int
        let failRate: Double
        let slowMs: Int
        let retryAfter: Int
        let seed: UInt64
    }

    /// The sites served, in the order requests are tried (`SiteReplica.ordered`).
    private let sites: [SiteReplica]
    private let faults: FaultPlan
    private let timing: Timing
    private let robots: String
    private let verbose: Bool
    private let stats = ServerStats()
    private let random: Mutex<SplitMix64>
    /// ETag and charset per file, worked out on the first request for it: pages do not
    /// change while the replica runs, and reading the charset from every body on every
    /// request would make the replica the bottleneck of the benchmarks it serves.
    private let pageFacts = Mutex<[String: (etag: String, charset: String)]>([:])
    /// Requests per member that reached the --status-on check.
    private let statusFaultsSeen = Mutex<[String: Int]>([:])
    /// Pages served so far, for --change-markup.
    private let pagesServed = Mutex(0)

    init(sites: [SiteReplica], faults: FaultPlan, timing: Timing, robots: String, verbose: Bool) {
        self.sites = SiteReplica.ordered(sites)
        self.faults = faults
        self.timing = timing
        self.robots = robots
        self.verbose = verbose
        random = Mutex(SplitMix64(seed: timing.seed))
    }

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        switch request.path {
        case "/_fixture/stats":
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: await stats.json())
        case "/_fixture/reset":
            await stats.reset()
            return HTTPResponse(statusCode: .ok, body: Data("reset\n".utf8))
        case "/robots.txt":
            return await served(request, source: nil, id: nil) {
                HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain"], body: Data(self.robots.utf8))
            }
        default:
            if request.path == "/cdx/search/cdx" || request.path.hasPrefix("/web/"),
               let archive = SiteReplica.archive(sites, for: ArchiveReplica.original(of: request)) {
                let kind = request.path.hasPrefix("/cdx") ? "archive:cdx" : request.path.hasPrefix("/web/timemap") ? "archive:timemap" : "archive:capture"
                return await served(request, source: kind, id: nil) {
                    await self.answeredWhenDue { archive.answer(request) ?? self.text(.notFound, "no page at \(request.path)\n") }
                }
            }
            var query = [String: String]()
            for item in request.query { query[item.name] = item.value }
            switch SiteReplica.resolve(sites, path: request.path, query: query) {
            case (let site, .page(let source, let id, let numbered))?:
                let page = numbered == 1 ? site.routes.furtherPage(source: source, id: id, root: site.root, path: request.path, query: query) ?? 1 : numbered
                return await served(request, source: source, id: id, page: page) {
                    await self.answeredWhenDue { self.page(request, name: SavedPageName(source: source, id: id, page: page), root: site.root) }
                }
            case (let site, .feed(let name, let category))?:
                return await served(request, source: "feed:\(name)", id: nil) {
                    self.feed(name: name, category: category, root: site.root)
                }
            case nil:
                return await served(request, source: nil, id: nil) { self.text(.notFound, "no page at \(request.path)\n") }
            }
        }
    }

    /// Wraps a response with the stats bookkeeping and the request log.
    private func served(_ request: FlyingFox.HTTPRequest, source: String?, id: String?, page: Int? = nil,
                        _ respond: @Sendable () async -> FlyingFox.HTTPResponse) async -> FlyingFox.HTTPResponse {
        let conditional = request.headers[HTTPHeader("If-None-Match")] != nil || request.headers[HTTPHeader("If-Modified-Since")] != nil
        let index = await stats.begin(path: request.path, source: source, id: id, page: page, conditional: conditional,
                                      userAgent: request.headers[HTTPHeader("User-Agent")] ?? "")
        let response = await respond()
        await stats.end(index, status: response.statusCode.code)
        if verbose {
            FixtureSiteLog.logger.info("\(response.statusCode.code) \(request.path)\(id.map { " id=\($0)" } ?? "")")
        }
        return response
    }

    /// The answer, sent --latency (and --jitter) after the request came: made first, then
    /// held until due, so that the replica's own work is inside the latency rather than
    /// added to it (a site's latency is the whole time it takes to answer, and the
    /// benchmarks' ideal counts exactly --latency a request).
    private func answeredWhenDue(_ answer: () -> FlyingFox.HTTPResponse) async -> FlyingFox.HTTPResponse {
        let delay = timing.latencyMs + (timing.jitterMs > 0 ? Int(random.withLock { $0.next() } % UInt64(timing.jitterMs + 1)) : 0)
        let due = ContinuousClock.now + .milliseconds(delay)
        let response = answer()
        if delay > 0 { try? await Task.sleep(until: due, clock: .continuous) }
        return response
    }

    private func page(_ request: FlyingFox.HTTPRequest, name: SavedPageName, root: String) -> FlyingFox.HTTPResponse {
        let id = name.id
        if let answer = fault(for: request, id: id) { return answer }
        let file = (root as NSString).appendingPathComponent(name.fileName)
        guard let data = FileManager.default.contents(atPath: file) else {
            return text(.notFound, "no member \(id)\n")
        }
        let bytes = [UInt8](data)
        let facts = self.facts(of: file, bytes: bytes)
        let etag = facts.etag
        if request.headers[HTTPHeader("If-None-Match")] == etag {
            let headers: HTTPHeaders = [HTTPHeader("ETag"): etag]
            return HTTPResponse(statusCode: .notModified, headers: headers)
        }
        var headers: HTTPHeaders = [.contentType: "text/html; charset=\(facts.charset)", HTTPHeader("ETag"): etag]
        switch faults.bodies[id] {
        case .truncated(let length)?:
            return HTTPResponse(statusCode: .ok, headers: headers, body: Data(bytes.prefix(length ?? bytes.count / 2)))
        case .garbage?:
            headers.removeValue(HTTPHeader("ETag"))
            let noise = random.withLock { generator in (0..<bytes.count).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
            return HTTPResponse(statusCode: .ok, headers: headers, body: Data(noise))
        case .slow?:
            let chunks = 20
            let body = TrickleBody(bytes: bytes, chunks: chunks, pause: .milliseconds(timing.slowMs / chunks))
            return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: body, count: bytes.count))
        case .reset?:
            let body = TrickleBody(bytes: bytes, chunks: 4, pause: .zero, resetAfter: 1)
            return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: body, count: bytes.count))
        case nil:
            let served = pagesServed.withLock { count -> Int in
                count += 1
                return count
            }
            let changes = faults.markupChanges.filter { served >= $0.after }
            if !changes.isEmpty {
                headers.removeValue(HTTPHeader("ETag"))
                let changed = changes.reduce(Array(bytes)) { $1.applied(to: $0) }
                return HTTPResponse(statusCode: .ok, headers: headers, body: Data(changed))
            }
            return HTTPResponse(statusCode: .ok, headers: headers, body: data)
        }
    }

    /// A redirect, an error status or a random 500 the fault options ask for, if any.
    private func fault(for request: FlyingFox.HTTPRequest, id: String) -> FlyingFox.HTTPResponse? {
        if let target = faults.redirects[id] {
            let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            let location = target.replacingOccurrences(of: "{path}", with: request.path + (query.isEmpty ? "" : "?" + query))
            return HTTPResponse(statusCode: .found, headers: [HTTPHeader("Location"): location], body: Data())
        }
        if let fault = faults.statuses[id] {
            // Counted here, in one step, so that two pages of a member arriving together
            // cannot both see the other's request and both skip (or both get) the fault.
            let seen = statusFaultsSeen.withLock { counts -> Int in
                let count = (counts[id] ?? 0) + 1
                counts[id] = count
                return count
            }
            if fault.times.map({ seen <= $0 }) ?? true {
                return status(fault.status)
            }
        }
        if timing.failRate > 0, Double(random.withLock { $0.next() } % 1_000_000) / 1_000_000 < timing.failRate {
            return status(500)
        }
        return nil
    }

    /// The page's ETag (modification time and size, as nginx makes them: a file edited
    /// between runs gets a new tag, and no hash of the page is needed) and charset.
    private func facts(of file: String, bytes: [UInt8]) -> (etag: String, charset: String) {
        pageFacts.withLock { cache in
            if let known = cache[file] { return known }
            let modified = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? nil
            let seconds = Int(modified?.timeIntervalSince1970 ?? 0)
            let computed = (etag: "\"\(String(seconds, radix: 16))-\(String(bytes.count, radix: 16))\"",
                            charset: PageDecoder.metaCharset(in: bytes) ?? "utf-8")
            cache[file] = computed
            return computed
        }
    }

    /// Saved feeds live in `<root>/feeds/`.
    private func feed(name: String, category: String?, root: String) -> FlyingFox.HTTPResponse {
        let file = (root as NSString).appendingPathComponent("feeds/\(name)\(category.map { "-\($0)" } ?? "").xml")
        guard let data = FileManager.default.contents(atPath: file) else {
            return text(.notFound, "no saved feed \(name)\(category.map { " for category \($0)" } ?? "")\n")
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/rss+xml; charset=utf-8"], body: data)
    }

    private func status(_ code: Int) -> FlyingFox.HTTPResponse {
        var headers: HTTPHeaders = [.contentType: "text/plain"]
        if code == 429 || code == 503 { headers[HTTPHeader("Retry-After")] = String(timing.retryAfter) }
        return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Fixture"), headers: headers, body: Data("status \(code)\n".utf8))
    }

    private func text(_ code: HTTPStatusCode, _ message: String) -> FlyingFox.HTTPResponse {
        HTTPResponse(statusCode: code, headers: [.contentType: "text/plain"], body: Data(message.utf8))
    }

}

/// Small, seedable, good enough for picking faults.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

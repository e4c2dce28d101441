import Foundation

/// What an archive's answer to a capture request is, told apart as the Wayback
/// Machine's real answers require: a `Memento-Datetime` header (any case) marks a
/// memento, the site's answer at crawl time (its page, or its redirect or error,
/// archived); without it the answer is the archive's own (its redirect to the capture
/// it has, an error, a "not archived" or "excluded" page, its 429).
public enum CaptureAnswer: Sendable, Equatable {
    /// The archived page (a 2xx memento; or, from an archive that sends no Memento
    /// headers, a 2xx that is none of the archive's own pages).
    case page
    /// The site redirected at crawl time: not the member's page.
    case archivedRedirect(location: String?)
    /// The site answered an error at crawl time (an archived 403, 404, 429, 5xx).
    case archivedError(status: Int)
    /// The archive sends the client on to the capture it has (`302 FOUND`, another
    /// timestamp or URL form): follow it.
    case archiveRedirect(location: String)
    /// `Blocked Site Error`: the site is blocked from the archive.
    case blockedSite
    /// `Blocked By Robots`: the site's robots.txt keeps the archive's copies hidden.
    case blockedByRobots
    /// The archive has no capture of the URL ("has not archived that URL").
    case notArchived
    /// The site is excluded from the archive (a 200 page saying so).
    case excluded
    /// The archive asks the client to slow down.
    case busy(retryAfter: String?)
    /// Any other answer of the archive's own.
    case archiveError(status: Int)

    /// `headers`: names lower-cased (as `HTTPResponse` keeps them).
    public static func classify(status: Int, headers: [String: String], body: [UInt8]) -> CaptureAnswer {
        let isMemento = headers["memento-datetime"] != nil
        let location = headers["location"]
        if isMemento {
            switch status {
            case 200..<300: return .page
            case 300..<400: return .archivedRedirect(location: location)
            default: return .archivedError(status: status)
            }
        }
        let error = headers["x-archive-wayback-runtime-error"] ?? ""
        let text = String(decoding: body.prefix(200_000), as: UTF8.self)
        if error.contains("Blocked By Robots") || text.contains("Blocked By Robots") { return .blockedByRobots }
        if error.contains("Blocked Site Error") || text.contains("Blocked Site Error") { return .blockedSite }
        switch status {
        case 300..<400:
            guard let location else { return .archiveError(status: status) }
            return .archiveRedirect(location: location)
        case 429:
            return .busy(retryAfter: headers["retry-after"])
        case 404 where text.contains("has not archived that URL") || error.contains("ResourceNotInArchive"):
            return .notArchived
        case 200..<300 where text.contains("excluded from the Wayback Machine") || text.contains("This URL has been excluded"):
            return .excluded
        case 200..<300 where headers["x-archive-src"] != nil:
            // The view mode's page about a capture (`Got an HTTP 301 response at crawl
            // time`): it names a capture without being one. Raw (`id_`) requests do not get it.
            return .archivedRedirect(location: nil)
        case 200..<300:
            return .page
        default:
            return .archiveError(status: status)
        }
    }
}

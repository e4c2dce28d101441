import App
import ArgumentParser
import Foundation

extension ArchiveIndex: ExpressibleByArgument {}

/// Reading members from a web archive: `--as-of` and the archive's own options.
struct ArchiveOptions: ParsableArguments {
    @Option(name: .customLong("as-of"), help: ArgumentHelp(
        "Read members as a web archive shows them then: \(TypedDate.forms) (the capture nearest its start).", valueName: "date"))
    var asOf: String?

    @Option(name: .long, help: ArgumentHelp("The web archive to ask (default: $CPVANITY_ARCHIVE, the config's archive, else the pack's [archive], the Wayback Machine).", valueName: "url"))
    var archive: String?

    @Option(name: .customLong("archive-index"), help: ArgumentHelp("How to list captures: cdx (a CDX server) or timemap (Memento, RFC 7089).", valueName: "kind"))
    var archiveIndex: ArchiveIndex?

    @Option(name: .customLong("archive-rate"), parsing: .unconditional, help: ArgumentHelp(
        "Requests a second to the archive's index and to its captures alike (default: the pack's budgets, 0.4 and 8, as the Wayback Machine publishes them).", valueName: "per-second"))
    var archiveRate: Double?

    @Option(name: .customLong("max-skew"), help: ArgumentHelp(
        "Refuse a member whose pages were captured further apart than this (90m, 36h, 2d).", valueName: "duration"))
    var maxSkew: String?

    /// The flags as given; App fills in the rest.
    var request: ArchiveRequest {
        var request = ArchiveRequest()
        request.asOf = asOf
        request.archive = archive
        request.index = archiveIndex
        request.rate = archiveRate
        request.maxSkew = maxSkew
        return request
    }

    func validate() throws {
        do { try request.checkGiven() } catch { throw error.usage }
    }
}

/// Every date option reads the same forms, and says so in the same words.
extension TypedDate {
    static func check(_ text: String?, option: String) throws {
        if let text, period(text) == nil {
            throw ValidationError("\(option) takes a date like \(forms), not '\(text)'.")
        }
    }
}

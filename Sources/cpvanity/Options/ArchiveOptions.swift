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

    /// The settings: the archive from the flag, else the environment or the config
    /// file; nil ones are the pack's.
    func settings() throws -> ArchiveSettings {
        let config = try CommandConfig.settings()
        var settings = ArchiveSettings()
        settings.asOf = asOf.flatMap(TypedDate.period)
        settings.base = archive ?? config.text(.archive)
        settings.index = archiveIndex
        settings.rate = archiveRate
        settings.maxSkew = maxSkew.flatMap(TypedDate.duration)
        return settings
    }

    /// The values given that cannot be used, said before anything is read.
    func validate() throws {
        try TypedDate.check(asOf, option: "--as-of")
        if let maxSkew, TypedDate.duration(maxSkew) == nil {
            throw ValidationError("--max-skew takes a duration like 90m, 36h or 2d (more than 0, at most ten years), not '\(maxSkew)'.")
        }
        if let archive, URL(string: archive)?.scheme.map({ ["http", "https"].contains($0.lowercased()) }) != true {
            throw ValidationError("--archive takes an http(s) URL such as https://web.archive.org, not '\(archive)'.")
        }
        if let archiveRate, !(archiveRate.isFinite && archiveRate >= 0.001 && archiveRate <= 100) {
            throw ValidationError("--archive-rate must be from 0.001 to 100 requests a second, not \(archiveRate).")
        }
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

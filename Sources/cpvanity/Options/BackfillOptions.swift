import App
import Archive
import ArgumentParser
import Foundation
import Lookup
import Packs

extension CaptureChoice.Period: ExpressibleByArgument {}

/// `--backfill` and the captures it reads (`history`, `refresh`).
struct BackfillOptions: ParsableArguments {
    @Flag(name: .long, help: "Fill the history from a web archive: one capture per period, stored at its capture time (see docs/archive.md).")
    var backfill = false

    @Option(name: .long, help: ArgumentHelp("With --backfill: one capture per month, quarter or year (default year).", valueName: "period"))
    var every: CaptureChoice.Period = .year

    @Option(name: .long, help: ArgumentHelp("With --backfill: captures from this year or month on (2008, 2008-06).", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("With --backfill: captures up to this year or month (2024, 2024-10).", valueName: "date"))
    var to: String?

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, BackfillOptions.timestampPrefix(value) == nil {
                throw ValidationError("\(name) takes a year or a month, like 2008 or 2008-06, not '\(value)'.")
            }
        }
        if !backfill && (from != nil || to != nil) { throw ValidationError("--from and --to choose captures for --backfill; add --backfill.") }
    }

    /// `2008-06` as the archive's `200806`.
    static func timestampPrefix(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        if parts.count == 2, let month = Int(parts[1]), !(1...12).contains(month) { return nil }
        return parts.joined()
    }

    /// Each member's periods read from the archive and stored, with a line per member
    /// on stderr; Ctrl-C stops between periods, keeping what was stored. True when some
    /// period (or a member's list of captures) could not be read: the command exits 1.
    @discardableResult
    func run(_ ids: [String], pack: SitePack, fetch: FetchOptions, archive: ArchiveOptions, database: DatabaseOption) async throws -> Bool {
        let (lookup, reader) = try fetch.makeArchiveLookup(pack: pack, archive: archive)
        let history = try database.open()
        let interrupt = InterruptSignal()
        // The period being read finishes (its pages are stored, not fetched again on
        // the next run); no new one starts.
        interrupt.install {
            FileHandle.standardError.write(Data("\ncpvanity: stopping: the period being read finishes; run the same command again to continue (Ctrl-C again to quit now)\n".utf8))
        }
        let backfill = Backfill(lookup: lookup, reader: reader, store: history, every: every,
                                from: from.flatMap(BackfillOptions.timestampPrefix) ?? "", to: to.flatMap(BackfillOptions.timestampPrefix) ?? "")
        var failed = false
        for id in ids {
            let outcome: Backfill.Outcome
            do {
                outcome = try await backfill.run(id, shouldStop: { interrupt.isSet }, warn: Diagnostics.warning)
            } catch {
                Diagnostics.error(error.description)
                throw ExitStatus.badInput
            }
            failed = failed || outcome.failed > 0
            if !Verbosity.quiet {
                FileHandle.standardError.write(Data("cpvanity: backfill \(id): \(outcome.periods) \(every.rawValue)s with captures · \(outcome.stored) stored · \(outcome.known) already stored · \(outcome.failed) failed\n".utf8))
            }
            if interrupt.isSet {
                FileHandle.standardError.write(Data("cpvanity: backfill interrupted; what was stored stays, run again to continue\n".utf8))
                throw ExitCode(interrupt.exitStatus)
            }
        }
        if failed { Diagnostics.warning("some periods could not be read (above); the history holds the others") }
        return failed
    }
}

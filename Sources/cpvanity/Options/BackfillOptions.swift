import App
import ArgumentParser
import Foundation

extension CapturePeriod: ExpressibleByArgument {}

/// `--backfill` and the captures it reads (`history`, `refresh`).
struct BackfillOptions: ParsableArguments {
    @Flag(name: .long, help: "Fill the history from a web archive: one capture per period, stored at its capture time (see docs/archive.md).")
    var backfill = false

    @Option(name: .long, help: ArgumentHelp("With --backfill: one capture per month, quarter or year (default year).", valueName: "period"))
    var every: CapturePeriod = .year

    @Option(name: .long, help: ArgumentHelp("With --backfill: captures from this date on (\(TypedDate.forms)).", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("With --backfill: captures up to the end of this date (a year, a month, a day).", valueName: "date"))
    var to: String?

    func validate() throws {
        try TypedDate.check(from, option: "--from")
        try TypedDate.check(to, option: "--to")
        if !backfill && (from != nil || to != nil) { throw ValidationError("--from and --to choose captures for --backfill; add --backfill.") }
    }

    /// The period's bounds as the archive's timestamps: from its first second to its last.
    var settings: BackfillSettings {
        BackfillSettings(every: every, from: from.flatMap(TypedDate.period), to: to.flatMap(TypedDate.period))
    }
}

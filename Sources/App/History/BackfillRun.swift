import Archive
import Foundation
import Lookup
import Packs
import Store

/// When and how often a backfill reads captures.
public struct BackfillSettings: Sendable {
    public var every: CaptureChoice.Period = .year
    /// Timestamp prefixes (`2008`, `201406`); empty: no bound.
    public var from = ""
    public var to = ""

    public init() {}
}

/// Members' histories filled from a web archive, a line per member on stderr; Ctrl-C
/// stops between periods, keeping what was stored.
public struct BackfillRun {
    public let settings: LookupSettings
    public let backfill: BackfillSettings
    public let history: HistorySettings

    public init(settings: LookupSettings, backfill: BackfillSettings, history: HistorySettings) {
        self.settings = settings
        self.backfill = backfill
        self.history = history
    }

    /// Status 1 (in the outcome) when some period, or a member's list of captures, could not be read.
    public func run(_ given: [String]) async throws -> RunOutcome {
        let ids = try IDValidation.ids(given, pack: settings.pack)
        let (lookup, reader) = try settings.fetch.archiveLookup(pack: settings.pack, archive: settings.archive ?? ArchiveSettings())
        let store = try history.open()
        let interrupt = InterruptSignal()
        // The period being read finishes (its pages are stored, not fetched again on
        // the next run); no new one starts.
        defer { interrupt.uninstall() }
        interrupt.install {
            Diagnostics.info("stopping: the period being read finishes; run the same command again to continue (Ctrl-C again to quit now)")
        }
        let filler = Backfill(lookup: lookup, reader: reader, store: store, every: backfill.every, from: backfill.from, to: backfill.to)
        var failed = false
        var outage = SiteOutage()
        let members = LookupRun.unique(ids)
        for (index, id) in members.enumerated() {
            let outcome: Backfill.Outcome
            do {
                outcome = try await filler.run(id, shouldStop: { interrupt.isSet }, warn: Diagnostics.warning)
            } catch {
                throw AppError.history(error)
            }
            failed = failed || outcome.failed > 0
            Diagnostics.info("backfill \(id): \(outcome.periods) \(backfill.every.rawValue)s with captures · \(outcome.stored) stored · \(outcome.known) already stored · \(outcome.failed) failed")
            if let refusal = reader.refusal {
                // The members not started, and this one if it was cut short.
                let left = members.count - index - 1 + (outcome.stopped ? 1 : 0)
                Diagnostics.alert("stopped: \(refusal); \(left == 1 ? "1 member is" : "\(left) members are") not backfilled (or not wholly); what was stored stays, run the same command again then")
                failed = true
                break
            }
            if interrupt.isSet {
                Diagnostics.info("backfill interrupted; what was stored stays, run again to continue")
                throw ExitStatus(interrupt.exitStatus)
            }
            // An archive that answers nothing would cost each member left its retries.
            if outage.observe(unanswered: outcome.unanswered), index + 1 < members.count {
                let left = members.count - index - 1
                Diagnostics.alert("stopped: \(outage.inARow) members in a row got no answer (\(outage.cause)); the \(left == 1 ? "member" : "\(left) members") left \(left == 1 ? "is" : "are") not backfilled; run again when it is back")
                break
            }
        }
        if failed { Diagnostics.warning("some periods could not be read (above); the history holds the others") }
        return RunOutcome(status: failed ? .partialFailure : nil, failures: failed ? [.archive] : [])
    }
}

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

    /// Captures from the first second of `from` to the last of `to` (nil: no bound).
    public init(every: CaptureChoice.Period, from: DateInterval?, to: DateInterval?) {
        self.every = every
        self.from = from.map { ArchiveTimestamp($0.start).description } ?? ""
        self.to = to.map { ArchiveTimestamp($0.end.addingTimeInterval(-1)).description } ?? ""
    }
}

/// Members' histories filled from a web archive, a line per member on stderr and a
/// progress line on a terminal; Ctrl-C stops at once (no request starts; those under
/// way finish), every point read stored and the archive's answers kept for the rerun.
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
        // No request starts from now on; those under way finish. Every point read is
        // stored, and the captures and listings read are kept for the next run.
        defer { interrupt.uninstall() }
        interrupt.install {
            lookup.stopStartingRequests()
            Diagnostics.info("stopping: no request starts, every point read is stored (\(interrupt.againToQuit))")
        }
        let filler = Backfill(lookup: lookup, reader: reader, store: store, every: backfill.every, from: backfill.from, to: backfill.to)
        let members = LookupRun.unique(ids)
        let progress = ProgressLine(total: members.count, label: "backfill", archive: reader)
        let filled: Filled
        do {
            filled = try await fill(members, with: filler, reader: reader, interrupt: interrupt, progress: progress)
        } catch {
            progress.clear()
            throw error
        }
        progress.clear()
        if interrupt.isSet {
            let kept = reader.captureCache == nil ? "" : "; the captures and listings read are kept, so the next run asks only for what is missing"
            Diagnostics.info("backfill interrupted: \(filled.stored) point\(filled.stored == 1 ? "" : "s") stored\(kept); run the same command again to continue")
            throw ExitStatus(interrupt.exitStatus)
        }
        let (failed, uncaptured) = (filled.failed, filled.uncaptured)
        if failed { Diagnostics.warning("some periods could not be read (above); the history holds the others") }
        // A member the archive never captured is a failure for that member, as `member --as-of` says.
        var failures: Set<MemberError.Kind> = failed ? [.archive] : []
        if !uncaptured.isEmpty { failures.insert(.notFound) }
        return RunOutcome(status: failed || !uncaptured.isEmpty ? .partialFailure : nil, failures: failures)
    }

    /// What a backfill of members did: whether some period could not be read or the
    /// archive stopped it, the members of which the archive had no capture in the range,
    /// and the points stored.
    private struct Filled {
        var failed = false
        var uncaptured = [String]()
        var stored = 0
    }

    /// Backfills `members`, several at once, so that one member's index requests and
    /// another's captures keep both of the archive's budgets busy (the pace is the fetchers').
    private func fill(_ members: [String], with filler: Backfill, reader: ArchiveReader,
                      interrupt: InterruptSignal, progress: ProgressLine) async throws -> Filled {
        var filled = Filled()
        var outage = SiteOutage()
        var halted = false
        let stop = HaltFlag()
        try await withThrowingTaskGroup(of: (Int, Backfill.Outcome).self) { group in
            var next = 0
            // Said in list order: an outcome waits for those before it.
            var finished = [Int: Backfill.Outcome](), said = 0
            func start() {
                let index = next, id = members[next]
                next += 1
                group.addTask {
                    do throws(StoreError) {
                        return (index, try await filler.run(id, shouldStop: { interrupt.isSet || stop.isSet }, warn: Diagnostics.warning,
                                                            listed: { captures, whole in
                                                                if captures > 0 || whole { progress.listed(captures: captures, whole: whole) }
                                                            }))
                    } catch {
                        throw AppError.history(error)
                    }
                }
            }
            while next < members.count && next < BackfillRun.parallel { start() }
            while let (index, outcome) = try await group.next() {
                finished[index] = outcome
                filled.failed = filled.failed || outcome.failed > 0
                filled.stored += outcome.stored
                progress.record(failed: outcome.failed > 0)
                // Whether to go on is known as each finishes; the lines keep the list's order.
                var why: String?
                if !halted, let line = stopLine(reader: reader, outage: &outage, outcome: outcome, left: members.count - next) {
                    filled.failed = filled.failed || reader.refusal != nil
                    halted = true
                    stop.set()
                    why = line
                }
                while let outcome = finished.removeValue(forKey: said) {
                    if outcome.periods == 0 && outcome.failed == 0 && !outcome.stopped {
                        filled.uncaptured.append(members[said])
                        Diagnostics.warning("backfill \(members[said]): the archive has no capture of its pages\(range); nothing stored")
                    } else {
                        Diagnostics.info("backfill \(members[said]): \(BackfillRun.said(outcome, every: backfill.every))")
                    }
                    said += 1
                }
                if let why { Diagnostics.alert(why) }
                if next < members.count && !halted && !interrupt.isSet { start() }
            }
        }
        return filled
    }

    /// A member's line: "10 years with captures · 4 stored · 6 already stored · 0 failed";
    /// a member the run stopped says so, and how far it got.
    static func said(_ outcome: Backfill.Outcome, every: CaptureChoice.Period) -> String {
        let counts = "\(outcome.stored) stored · \(outcome.known) already stored · \(outcome.failed) failed"
        let periods = "\(outcome.periods) \(every.rawValue)\(outcome.periods == 1 ? "" : "s") with captures"
        guard outcome.stopped else { return periods + " · " + counts }
        if outcome.periods == 0 && outcome.incomplete == 0 { return "stopped before its captures were listed; nothing asked of it is lost" }
        return "stopped · \(counts) (\(periods) came to; the rest left for the next run)"
    }

    /// ` from 2008-01-01 to 2014-12-31`, ` from 2008-01-01`, or nothing: the range asked for.
    private var range: String {
        func day(_ timestamp: String) -> String {
            let digits = Array(timestamp)
            guard digits.count >= 8 else { return timestamp }
            return String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8])
        }
        return (backfill.from.isEmpty ? "" : " from \(day(backfill.from))") + (backfill.to.isEmpty ? "" : " to \(day(backfill.to))")
    }

    /// Members backfilled at once: enough that the index's slow budget always has a
    /// member's list to fetch while others' captures are read.
    static let parallel = 8

    /// The one line that stops the backfill: the archive's 429s went on (its requests
    /// stopped), or so many members in a row got no answer that the rest would only
    /// wait out their retries; nil: go on.
    private func stopLine(reader: ArchiveReader, outage: inout SiteOutage, outcome: Backfill.Outcome, left: Int) -> String? {
        if let refusal = reader.refusal {
            return "stopped: \(refusal); the members not yet wholly backfilled are left; what was stored stays, run the same command again then"
        }
        guard outage.observe(unanswered: outcome.unanswered), left > 0 else { return nil }
        return "stopped: \(outage.inARow) members in a row got no answer (\(outage.cause)); the \(left == 1 ? "member" : "\(left) members") left \(left == 1 ? "is" : "are") not backfilled; run again when it is back"
    }
}
